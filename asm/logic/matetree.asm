; matetree.asm -- the solution of a direct mate as problemists read it (beyond Liberman,
; whose WHITEJOUE5PAS answers with one move): every key, and after each the tree a
; solver such as Popeye prints, walked in this order and handed line by line to a hook:
;   - the key (its length: a shorter one is a short solution);
;   - after an attacker's move, when the defender is not in check, its threat: were the
;     defender allowed to pass, the attacker's moves that mate soonest (within the moves
;     left), each followed by its own tree;
;   - then each defence, with the attacker's moves that mate soonest after it (the
;     duals all shown) and their trees; a defence after which every threat move still
;     mates as soon is no defence and is left out (none is when there is no threat);
;   - the attacker's moves up to its TREE_MOVES_FULL-th for a mate in that many or
;     fewer, up to its TREE_MOVES_SHOWN-th for a longer one.
; Whether a move forces mate in k is asked as the keys ask it (mate_keys_forces), on
; the one driver's table, so a position met again costs nothing.

TREE_MOVES_FULL equ 3
TREE_MOVES_SHOWN equ 2
TREE_KEY        equ 0               ; the roles a line has (the hook's DH)
TREE_THREAT     equ 1
TREE_MOVE       equ 2

struc tree_frame                    ; a defender's node's state while its tree is walked
        .moves          resb 1      ; the attacker's moves left
        .threat         resb 1      ; the threat's length (0: none)
        .defences       resw 1      ; -> its moves (ES)
        .threats_end    resw 1      ; the threat's moves from .defences_end
        .defences_end   resw 1
        .defence        resw 1      ; -> the defence being walked
        .answers        resw 1      ; -> the attacker's moves after it
        .answers_end    resw 1
        .answer         resw 1      ; -> the one being walked
        .length         resb 1      ; their length
endstruc
TREE_CURSOR     equ 2               ; a chain's cursor follows its end (mate_tree_next)
%if tree_frame.defence != tree_frame.defences_end + TREE_CURSOR
%error "mate_tree_next reads a chain's end and then its cursor"
%endif
%if tree_frame.answer != tree_frame.answers_end + TREE_CURSOR
%error "mate_tree_next reads a chain's end and then its cursor"
%endif
TREE_DEPTH      equ TREE_MOVES_FULL     ; a defender's node takes a frame only below a shown move

        section .bss

tree_hook       resw 1              ; IN: the routine that takes a line (mate_tree)
tree_moves      resb 1              ; the last attacker's move shown
tree_threats_only resb 1            ; nonzero: a node shows its threat, no defence
tree_ply        resb 1              ; the ply of the line the defender's node shows next
tree_frame_at   resw 1              ; -> the frame of the node being walked
tree_frames     resb TREE_DEPTH * tree_frame_size

        section .text

; mate_tree -- every key of a mate in at most N moves and its tree, line by line
; IN:  CL = N, 1 .. MATE_MAX_MOVES; [tree_hook] -> the routine that takes each line (IN:
;      EAX = the move, DL = its ply from the root's (1: the key), DH = TREE_KEY,
;      TREE_THREAT or TREE_MOVE, CL = the key's length; may change any register but
;      the segment registers); the position; ES:DI -> free space; the limits
; OUT: as mate_keys (the lines a limit cut short are not all the tree)
; CHG: EBX, ECX, EDX, SI, EBP (DI kept; the position restored)
mate_tree:
        mov word [keys_forces], mate_keys_forces
        mov byte [tree_threats_only], 0
        mov dl, cl                  ; a mate in one looks nothing up
        mov al, cl
        cmp al, TREE_MOVES_FULL
        jbe .shown
        mov al, TREE_MOVES_SHOWN
.shown: mov [tree_moves], al
        ; fall through

; mate_tree_run -- the tree's walk for an aim set up by its entry
; IN:  as mate_keys_run, [tree_moves], [tree_threats_only] set
; OUT, CHG: as mate_keys
mate_tree_run:
        mov word [tree_frame_at], tree_frames - tree_frame_size
        mov si, mate_tree_walk
        jmp mate_keys_run

; self_tree -- every key of a selfmate in at most N moves (selfmate.asm's aim: the
;              defender forced to give mate) and each key's threat, the attacker's
;              moves that would force it soonest were the defender to pass
; IN:  CL = N, 1 .. STIP_MAX_MOVES; otherwise as mate_tree
; OUT, CHG: as mate_tree
self_tree:
        mov word [keys_forces], self_defend
        mov dl, STIP_MAX_MOVES      ; its escapes by ply are read at k = 1 too
        ; fall through

; mate_tree_threats -- the tree's walk cut to each key and its threat
; IN:  [keys_forces], DL as mate_keys_run takes them; otherwise as mate_tree
; OUT, CHG: as mate_tree
mate_tree_threats:
        mov byte [tree_threats_only], 1
        mov byte [tree_moves], TREE_MOVES_SHOWN
        jmp mate_tree_run

; mate_threats -- every key of a mate in at most N moves and each key's threat, without
;                 the defences (the set-up board's answer)
; IN, OUT, CHG: as mate_tree
mate_threats:
        mov word [keys_forces], mate_keys_forces
        mov dl, cl                  ; a mate in one looks nothing up
        jmp mate_tree_threats

; mate_tree_walk -- mate_drive's walker for the tree: the keys' walk, and at k = N each
;                   key's tree
; IN, OUT, CHG: as mate_keys_walk
mate_tree_walk:
        call mate_keys_walk
        jc .out
        mov si, [keys_chain]
        xor bx, bx
.key:   cmp si, [keys_end]
        jae .done
        mov cl, [keys_lengths + bx]
        test cl, cl
        jz .next
        push bx
        push si
        mov eax, [es:si]
        mov dx, (TREE_KEY << 8) | 1
        call mate_tree_line
        call move_play
        mov byte [tree_ply], 2
        dec cl
        call mate_tree_defend
        pop si
        pop bx
        call mate_unmake_si
.next:  add si, MOVE_SIZE
        inc bx
        jmp .key
.done:  clc
.out:   ret

; mate_tree_line -- hand a line to the hook
; IN:  EAX, DX, CL as the hook takes them
; OUT: the line taken
; CHG: nothing
mate_tree_line:
        pushad
        push es
        push fs
        push gs
        call [tree_hook]
        pop gs
        pop fs
        pop es
        popad
        ret

; mate_tree_defend -- a defender's node of the tree: its threat, then its defences, each
;                     with the attacker's moves that mate soonest after it
; IN:  CL = the attacker's moves left (0: the defender is mated); [tree_ply] = the ply
;      of the defender's move; ES:DI -> free space; the defender to move
; OUT: the node's lines handed to the hook
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept; [tree_ply] kept)
mate_tree_defend:
        test cl, cl
        jz .out
        mov al, [tree_ply]
        shr al, 1
        cmp al, [tree_moves]
        jae .out                    ; the attacker's next move is not shown
        push di
        add word [tree_frame_at], tree_frame_size
        mov bx, [tree_frame_at]
        mov [bx + tree_frame.moves], cl
        mov byte [bx + tree_frame.threat], 0
        call mate_gen
        mov bx, [tree_frame_at]
        mov [bx + tree_frame.defences], si
        mov [bx + tree_frame.defences_end], di
        mov [bx + tree_frame.threats_end], di
        cmp byte [checkers], 0
        jne .defend                 ; in check: no threat
        call move_pass
        mov bx, [tree_frame_at]
        mov cl, [bx + tree_frame.moves]
        call mate_tree_best
        jc .passed
        mov bx, [tree_frame_at]
        mov [bx + tree_frame.threat], cl
        mov [bx + tree_frame.threats_end], di
        mov dh, TREE_THREAT
        call mate_tree_answers
.passed:
        call move_unpass
.defend:
        cmp byte [tree_threats_only], 0
        jne .done                   ; (the selfmate's key shows its threat alone)
        mov bx, [tree_frame_at]
        mov si, [bx + tree_frame.defences]
.defence:
        mov bx, tree_frame.defences_end
        call mate_tree_next
        jnc .done
        call move_play
        mov di, [bx + tree_frame.threats_end]
        mov cl, [bx + tree_frame.moves]
        call mate_tree_best
        jc .next                    ; (only when a limit came first)
        call mate_tree_shown
        jnc .next
        mov bx, [tree_frame_at]
        mov si, [bx + tree_frame.defence]
        mov eax, [es:si]
        mov dl, [tree_ply]
        mov dh, TREE_MOVE
        call mate_tree_line
        mov bx, [tree_frame_at]
        mov si, [bx + tree_frame.answers]
        call mate_tree_answers
.next:  mov bx, [tree_frame_at]
        mov si, [bx + tree_frame.defence]
        call mate_unmake_si
        add si, MOVE_SIZE
        jmp .defence
.done:  sub word [tree_frame_at], tree_frame_size
        pop di
.out:   ret

; mate_tree_answers -- the attacker's moves of a chain, each a line one ply past the
;                      defender's and followed by its own defender's node
; IN:  ES:SI -> the first, ES:DI -> past the last; CL = the moves each mates in; DH =
;      their role (TREE_THREAT or TREE_MOVE); the frame at [tree_frame_at]
; OUT: their lines handed to the hook
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
mate_tree_answers:
        mov bx, [tree_frame_at]
        mov [bx + tree_frame.answers], si
        mov [bx + tree_frame.answers_end], di
        mov [bx + tree_frame.length], cl
.answer:
        mov bx, tree_frame.answers_end
        call mate_tree_next
        jnc .done
        mov dl, [tree_ply]
        inc dl
        push dx
        call mate_tree_line
        call move_play
        mov bx, [tree_frame_at]
        mov cl, [bx + tree_frame.length]
        dec cl
        add byte [tree_ply], 2
        mov di, [bx + tree_frame.answers_end]
        call mate_tree_defend
        sub byte [tree_ply], 2
        pop dx
        mov bx, [tree_frame_at]
        mov si, [bx + tree_frame.answer]
        call mate_unmake_si
        add si, MOVE_SIZE
        jmp .answer
.done:  ret

; mate_tree_next -- the next move of a chain the frame walks: its defences or the
;                  answers after one
; IN:  ES:SI -> the move; BX = the chain's end's offset in the frame (.defences_end or
;      .answers_end), its cursor after it
; OUT: CF set: EAX = the move, the cursor at it, BX -> the frame; CF clear: SI is
;      past the end
; CHG: EAX, BX
mate_tree_next:
        add bx, [tree_frame_at]
        cmp si, [bx]                ; CF set while before the end
        jnc .end
        mov [bx + TREE_CURSOR], si
        mov eax, [es:si]
        mov bx, [tree_frame_at]
.end:   ret

; mate_tree_shown -- is a defence shown: the threat none, or it does not mate as soon
;                    after it (a move of the threat missing among the answers, or the
;                    answers sooner)?
; IN:  ES:SI .. ES:DI = the answers after it, CL = their length; the frame
; OUT: CF set: shown; the answers noted in the frame (.answers, .answers_end, .length)
; CHG: EAX, EBX, EDX
mate_tree_shown:
        mov bx, [tree_frame_at]
        mov [bx + tree_frame.answers], si
        mov [bx + tree_frame.answers_end], di
        mov [bx + tree_frame.length], cl
        cmp cl, [bx + tree_frame.threat]
        jne .shown                  ; no threat, or not as soon
        push si
        mov dx, [bx + tree_frame.defences_end]
.threat:
        cmp dx, [bx + tree_frame.threats_end]
        jae .answered               ; every move of the threat among the answers
        xchg bx, dx
        mov eax, [es:bx]
        xchg bx, dx
        mov si, [bx + tree_frame.answers]
.find:  cmp si, di
        jae .missing
        cmp eax, [es:si]
        je .found
        add si, MOVE_SIZE
        jmp .find
.found: add dx, MOVE_SIZE
        jmp .threat
.missing:
        pop si
.shown: stc
        ret
.answered:
        pop si
        clc
        ret

; mate_tree_best -- the attacker's moves that mate soonest, within n moves
; IN:  CL = n >= 1; ES:DI -> free space; the attacker to move
; OUT: CF clear: ES:SI -> the first of them, ES:DI -> past the last, CL = the moves
;      they mate in; CF set: none (only when a limit came first), DI kept
; CHG: EAX, EBX, ECX, EDX, SI, EBP
mate_tree_best:
        push di
        call mate_gen
        mov ch, cl                  ; CH = n
        mov cl, 1
.length:
        push si
        mov bx, si                  ; ES:BX -> where the next one found goes
.move:  cmp si, di
        jae .tried
        call mate_keys_try
        jc .next
        mov eax, [es:si]
        mov [es:bx], eax
        add bx, MOVE_SIZE
.next:  add si, MOVE_SIZE
        jmp .move
.tried: pop si
        cmp bx, si
        ja .found
        inc cl
        cmp cl, ch
        jbe .length
        pop di
        stc
        ret
.found: mov di, bx
        add sp, 2                   ; the free space's start: SI
        clc
        ret
