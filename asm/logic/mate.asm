; mate.asm -- the mate solving logic (Liberman 1997 part 4: WHITEJOUE5PAS and its
; family WHITEJOUE4PAS .. WHITEJOUE1PAS): the total search for a forced mate.
;
; The side to move (the attacker) mates in k moves when one of its moves leaves the
; defender with no legal move while in check (mate), or when after one of its moves
; every legal reply of the defender still allows a mate in k - 1.  No legal reply and no
; check is stalemate: never a mate.  Every attacker move and every reply is looked at;
; the only cuts are those that cannot change the answer:
;   - a defender's node stops at the first reply after which no mate follows (a
;     refutation), an attacker's node at the first move that mates;
;   - the attacker's last move (k = 1) can only mate if it gives check, so the quiet
;     ones are neither generated (gen_moves' checking_only) nor played out (whether
;     a move checks is read off the squares from which each piece would check, and
;     the pieces whose leaving uncovers a check: see mate_check_squares; a promotion
;     is put on the board, castling and en passant are played and looked at);
;   - at k >= 2 the checking moves are tried first (a stable reordering of the chain:
;     the checks in generation order, then the others in generation order); from
;     k = MATE_SORT_MIN on (where a move that fails costs a whole search), the moves
;     are then sorted by the defender's legal replies after each, fewest first
;     (mate_order_by_replies); at the root, the checks that leave at most
;     MATE_FORCED_REPLIES replies, none taking the checking piece, first, then the
;     quiet moves that threaten mate, the other checks and the other moves
;     (mate_move_class), each class so sorted; the
;     root's order decides which of several shortest mates is answered, and a mate in
;     fewer than MATE_ROOT_SORT_MIN moves (found in a second or two either way) keeps
;     the answer the order above gave it;
;   - below the root, before all that, the attacker's killers: the last MATE_KILLERS
;     moves that mated at its ply, the latest first, as far as the chain holds them
;     (mate_killer_first; at k = 1 the checks' chain too): in a problem the same
;     continuation (the threat) mates after most defences, where checks first would
;     cost a whole refuted subtree each; kept across the parent's moves (reset with
;     each new parent move they were dearer); two cut the worst published mate in 4
;     by a fifth, and cost most mates in 5 a few per cent (the looks at the chain);
;   - a defender tries its checks first, then its captures (a stable reordering, as
;     above; its king's steps first too were dearer: Greco 29.7 s against 27.6 s), and before them
;     the reply that last refuted an
;     attacker's move at its ply (the table's MATE_REFUTES) and, first of all, the one
;     that refuted it in this very position at a shorter length (the table's mate_reply records):
;     only how soon a
;     refutation is found changes, never the answer; below MATE_DEFEND_SORT_MIN moves
;     both are played before any move is generated (mate_try_reply: its squares and its
;     own king checked), and when one refutes, the defender's moves are never generated;
;     from MATE_DEFEND_SORT_MIN on (where a refutation's proof is a whole search of the
;     attacker's moves) every reply is generated and the chain so ordered is sorted by
;     the attacker's moves after each, fewest first (mate_order_by_replies): the
;     refutation whose proof is the smallest tree first;
;   - after the attacker's last move (a check) one legal reply is enough to refute it:
;     a step of the king, looked at on the board with the move's piece lifted and put
;     down and nothing else changed (mate_check_flees), else, the move played,
;     gen_any_move;
;   - a table of proven results (matetable.asm) gives a position below the root met
;     again (by another move order, or at the next length) its known answer.
; mate_find tries k = 1, 2, ... N, so its move starts a shortest mate.  Among several
; mating moves it returns the first in the order above, so the answer is deterministic.
;
; Each ply's chain sits on the move stack after its parent's (Liberman kept one saved
; chain per depth: SAUVEB5, SAUVEN5, ...); the board is restored by move_unmake instead
; of his CARREAUSTOK / STOKCARREAU copies.

        section .bss

mate_test       resw 1              ; mate_partition's test: CF set for a move put first
mate_to         resb 1              ; mate_move_class: the square the attacker's move went to
mate_threat     resb 1              ; mate_move_class's threat: a mate in this many moves
MATE_KILLERS    equ 2               ; the attacker's killers kept a ply
MATE_KILLER_SHIFT equ 2             ; (ply - root) << this: the offset of a ply's killers
MATE_KILLER_BYTES equ MATE_KILLERS * MOVE_SIZE
mate_killer_room resb MATE_KILLER_BYTES * (MATE_MAX_MOVES - 1)
mate_killers    equ mate_killer_room - MATE_KILLER_BYTES ; by the attacker's ply below the
                                    ; root, (ply - root) / 2 from 1 (the root keeps none) to
                                    ; MATE_MAX_MOVES - 1 (k = 1 of the longest mate): the
                                    ; last moves that mated there, the latest first (0: none)
%if (2 << MATE_KILLER_SHIFT) != MATE_KILLER_BYTES
%error "a ply's killers: two plies apart, MATE_KILLERS moves"
%endif

        section .text

; mate_find -- the first move of a shortest forced mate in at most N moves
;              (Liberman: WHITEJOUE1PAS .. WHITEJOUE5PAS, tried from 1 up)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; the position; DI -> free space in the move chain;
;      [clock_deadline] (clock_check stops the search past it)
; OUT: CF clear: EAX = the mating move, CL = k, the mate's length in moves;
;      CF set: no mate in N moves (or [clock_abort] set: the budget ran out)
; CHG: EBX, ECX, EDX, SI, EBP (DI kept; the position is restored)
mate_find:
        mov ch, cl                  ; CH = N
        mov cl, 1
        ; fall through

; mate_find_lengths -- the same for the lengths k .. N only (the shorter ones known
;                      to fail)
; IN:  CL = k, CH = N, 1 <= k <= N <= MATE_MAX_MOVES; otherwise as mate_find
; OUT, CHG: as mate_find
mate_find_lengths:
        mov dl, ch                  ; a mate in one looks nothing up: no table to clear
        mov si, mate_attack
        jmp mate_drive

; mate_attack -- a move of the side to move that mates in k moves (Liberman:
;                WHITEJOUEnPAS, the loop LAREVISION over the attacker's moves)
; IN:  CL = k >= 1; DI -> free space in the move chain
; OUT: CF clear: EAX = the first mating move in check-first order; CF set: none (or the
;      budget ran out: [clock_abort])
; CHG: EBX, ECX, EDX, SI, EBP (DI kept)
mate_attack:
        mov bx, mate_attack_moves
        jmp mate_node

; mate_attack_moves -- mate_attack's search over the moves, the table aside (Liberman:
;                      the loop LAREVISION itself)
; IN, OUT: as mate_attack
; CHG: EBX, ECX, EDX, SI, EBP (DI kept)
mate_attack_moves:
        cmp cl, 1
        jne .all
        mov bp, mate_leaf_mates     ; k = 1: only a check can mate
        call mate_last_ply
        cmc                         ; CF clear: a check that mates, the ply's killer
        mov eax, [es:si]
        jnc mate_killer_keep
        ret
.all:   push di
        call mate_gen
        cmp si, di
        jae .none                   ; mated or stalemated: nothing to order or try
        call mate_order_checks
        cmp cl, MATE_SORT_MIN
        jb .ordered
        cmp cl, MATE_ROOT_SORT_MIN
        jae .sort
        mov al, [ply]
        cmp al, [mate_root_ply]
        je .ordered
.sort:  call mate_order_by_replies
.ordered:
        call mate_killer_first
        dec cl                      ; the replies must each allow a mate in k - 1
        mov bx, mate_defend
        call mate_try_moves
        pop di
        jnc mate_killer_keep        ; it mates: the ply's killer
        ret
.none:  pop di
        stc
        ret

; mate_killer_slot -- where an attacker's ply keeps its killers
; IN:  [ply], [mate_root_ply]: an attacker's ply, an even number of plies below the root
; OUT: BX = the offset of its killers in mate_killers; ZF set at the root (none kept)
; CHG: nothing else
mate_killer_slot:
        movzx bx, byte [ply]
        sub bl, [mate_root_ply]
        shl bx, MATE_KILLER_SHIFT
        ret

; mate_killer_keep -- below the root, a move that mated becomes its ply's first killer,
;                     the first one its second (Popeye: the killer move collector)
; IN:  EAX = the move; [ply], [mate_root_ply]
; OUT: CF clear; mate_killers
; CHG: BX, EDX
mate_killer_keep:
        call mate_killer_slot
        jz .done
        mov edx, [mate_killers + bx]
        cmp eax, edx
        je .done
        mov [mate_killers + bx + MOVE_SIZE], edx
        mov [mate_killers + bx], eax
.done:  clc
        ret

; mate_killers_clear -- forget the killers, so a search's cost depends on its position
;                       alone
; IN:  nothing
; OUT: mate_killers all 0
; CHG: AX, BX
mate_killers_clear:
        mov bx, MATE_KILLER_BYTES * (MATE_MAX_MOVES - 1)
        xor ax, ax
.forget:
        dec bx
        dec bx
        mov [mate_killer_room + bx], ax
        jnz .forget
        ret

; mate_killer_first -- below the root, the ply's killers first, the latest first, the
;                      other moves kept in their order, as far as the chain holds them
; IN:  ES:SI -> the first move, ES:DI -> past the last; [ply], [mate_root_ply]
; OUT: the chain so reordered
; CHG: EAX, BX, EDX
mate_killer_first:
        call mate_killer_slot
        jz mate_move_front.done
        push bx
        mov eax, [mate_killers + bx + MOVE_SIZE]
        call mate_move_front
        pop bx
        mov eax, [mate_killers + bx]
        ; fall through

; mate_move_front -- put a move, if the chain holds it, first, the moves before it one
;                    place down
; IN:  EAX = the move (0: none, no move is 0); ES:SI -> the first move, ES:DI -> past
;      the last; the direction flag clear
; OUT: the chain so reordered
; CHG: BX, EDX
mate_move_front:
        push cx
        push di
        mov cx, di
        sub cx, si
        shr cx, MOVE_SHIFT
        jz .absent
        mov di, si
        repne scasd                 ; (one instruction a move looked at)
        jne .absent
        mov edx, eax
        mov bx, si
.carry: xchg eax, [es:bx]           ; each move one place down, up to the one put first
        add bx, MOVE_SIZE
        cmp eax, edx
        jne .carry
.absent:
        pop di
        pop cx
.done:  ret

; mate_leaf_mates -- the direct mate's leaf test (mate_last_ply's): does the check
;                    mate?  One legal reply of the defender is enough to refute it
; IN:  EAX = a check the king cannot step out of; ES:SI -> it; ES:DI -> free space
; OUT: CF set: it mates
; CHG: EAX, EBX, ECX, EDX, EBP
mate_leaf_mates:
        call move_play
        push si
        push di
        test al, KIND_CASTLE        ; castling and en passant: mate_check_flees did not
        jnz .any                    ; look at the king's steps
        mov bl, ah
        and bl, PIECE_MASK
        cmp bl, KING
        je .any                     ; nor after a king's move
        call gen_stepless_move      ; after the others it found none
        jmp .answer
.any:   call gen_any_move
.answer:
        pop di
        pop si
        cmp ecx, 1                  ; CF set: no reply, and in check: mated
        jmp mate_unmake_si

; mate_defend -- does every reply of the side to move lose to a mate in k moves?
;                (Liberman: the loop DADA over the black replies)
; IN:  CL = k >= 1 (the attacker's moves left after this reply); DI -> free space
; OUT: CF clear: yes (or the side to move is mated now); CF set: a reply escapes, or the
;      side to move is stalemated, or the budget ran out
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
mate_defend:
        cmp cl, MATE_DEFEND_SORT_MIN
        jae .generate               ; every reply, sorted
        mov eax, [hash_key]         ; the replies that refuted here before, ungenerated:
        mov bx, ax                  ; this position's, then the ply's
        and bx, MATE_REPLY_OFFSET_MASK
        xor eax, [mate_salt]
        cmp [gs:bx + mate_reply.key], eax
        mov eax, 0
        jne .ply
        mov eax, [gs:bx + mate_reply.move]
        call mate_try_reply
        jc .refuted
.ply:   mov edx, eax
        movzx bx, byte [ply]
        shl bx, DWORD_SHIFT
        mov eax, [fs:MATE_REFUTES + bx]
        cmp eax, edx
        je .generate
        call mate_try_reply
        jc .refuted
.generate:
        push di
        push cx
        call gen_moves
        jecxz .no_reply
        pop cx
        pop si
        push si
        call mate_order_replies
        call mate_refute_first
        cmp cl, MATE_DEFEND_SORT_MIN
        jb .reply
        call mate_order_by_replies  ; the attacker's fewest moves after it first
.reply: mov eax, [es:si]
        call move_play
        push si
        push cx
        call mate_attack
        pop cx
        pop si
        call mate_unmake_si
        jc .escaped                 ; the first refutation ends the search
        add si, MOVE_SIZE
        cmp si, di
        jb .reply
        pop di
        clc                         ; every reply is mated
        ret
.escaped:
        mov eax, [es:si]
        pop di
.refuted:
        movzx bx, byte [ply]
        shl bx, DWORD_SHIFT
        mov [fs:MATE_REFUTES + bx], eax
        mov edx, [hash_key]         ; and this position's mate_reply
        mov bx, dx
        and bx, MATE_REPLY_OFFSET_MASK
        xor edx, [mate_salt]
        mov [gs:bx + mate_reply.key], edx
        mov [gs:bx + mate_reply.move], eax
        stc
        ret
.no_reply:
        pop cx
        pop di
        cmp byte [checkers], 1      ; CF set when no checker: stalemate
        ret

; mate_refute_first -- put first the reply that refuted an attacker's move in this
;                      position before (at a shorter length: the table's mate_reply),
;                      else the ply's last refutation, if the chain holds them
; IN:  ES:SI -> the first move, ES:DI -> past the last; [ply]; FS, GS = the mate
;      tables' segments
; OUT: the chain with those moves swapped to the front
; CHG: EAX, BX, EDX
mate_refute_first:
        movzx bx, byte [ply]
        shl bx, DWORD_SHIFT
        mov eax, [fs:MATE_REFUTES + bx]
        call mate_move_first
        mov eax, [hash_key]
        mov bx, ax
        and bx, MATE_REPLY_OFFSET_MASK
        xor eax, [mate_salt]
        cmp [gs:bx + mate_reply.key], eax
        jne mate_move_first.done
        mov eax, [gs:bx + mate_reply.move]
        ; fall through

; mate_move_first -- put a move, if the chain holds it, first
; IN:  EAX = the move; ES:SI -> the first move, ES:DI -> past the last
; OUT: the chain with that move swapped to the front
; CHG: BX, EDX
mate_move_first:
        mov bx, si
.find:  cmp bx, di
        jae .done
        cmp eax, [es:bx]
        je .swap
        add bx, MOVE_SIZE
        jmp .find
.swap:  mov edx, [es:si]
        mov [es:si], eax
        mov [es:bx], edx
.done:  ret

; mate_unmake_si -- take back the move SI points to, keeping the flags
; IN:  ES:SI -> the move last made
; OUT: the position before it; flags as they were
; CHG: EAX
mate_unmake_si:
        mov eax, [es:si]
        ; fall through

; mate_unmake_eax -- take back a move, keeping the flags
; IN:  EAX = the move last made
; OUT: the position before it; flags as they were
; CHG: nothing
mate_unmake_eax:
        pushf
        call move_takeback
        popf
        ret

; mate_left_in_check -- is the king of the side that has just moved attacked?
; IN:  the position after its move
; OUT: CF set if it is (the move was not legal)
; CHG: BX
mate_left_in_check:
        push ax
        cmp byte [side], WHITE
        je .black
        movzx bx, byte [KING_SQ(WHITE)]
        call attacked_white
        pop ax
        ret
.black: movzx bx, byte [KING_SQ(BLACK)]
        call attacked_black
        pop ax
        ret

; mate_try_reply -- a defender's reply that refuted an attacker's move elsewhere, played
;                   without generating the moves when the board lets it be played here
;                   (mate_move_fits) and it leaves its own king safe: does it refute?
; IN:  EAX = the reply (or 0 / a cleared entry); CL = k; DI -> free space
; OUT: CF set: it refutes (EAX kept); CF clear: it does not fit, or is mated (the table
;      remembers that)
; CHG: EBX, EDX, SI, EBP (the position restored)
mate_try_reply:
        call mate_move_fits
        jnc .no
        call move_play
        call mate_left_in_check
        jc .illegal
        push eax
        push cx
        call mate_attack
        pop cx
        pop eax
        jmp mate_unmake_eax
.illegal:
        call move_takeback
.no:    clc
        ret

; mate_move_fits -- may a move found legal in another position be played in this one, as
;                   far as the board shows?  A plain move (no castling, double step, en
;                   passant nor promotion) of the side to move, its piece on its from
;                   square, the content it takes on its to square, and for a slider
;                   nothing between: the same piece on the same squares makes the same
;                   step, so no other geometry is needed
; IN:  EAX = a move record, or 0 / a cleared entry (refused)
; OUT: CF set if it fits
; CHG: BX, EDX
mate_move_fits:
        test al, KIND_MASK
        jnz .no
        test ah, PROMO_FLAG
        jnz .no
        mov dl, ah
        and dl, WHITE | EMPTY
        cmp dl, [side]
        jne .no                     ; not a piece of the side to move
        movzx bx, al
        cmp [carreau + bx], ah
        jne .no
        mov edx, eax
        MOVE_TO_LOW edx             ; DL = the to square, DH = the content it takes
        cmp dl, SQUARE_MASK
        ja .no
        cmp dl, al
        je .no
        mov bl, dl
        cmp [carreau + bx], dh
        jne .no
        mov bl, ah
        and bl, PIECE_MASK
        cmp bl, KNIGHT
        je .yes
        cmp bl, QUEEN
        ja .yes                     ; a king or a pawn: no square between
        push cx
        mov bl, dl                  ; CL = the step: the signs of the row and file changes
        shr bl, ROW_SHIFT
        mov bh, al
        shr bh, ROW_SHIFT
        cmp bl, bh
        setg cl
        setl ch
        sub cl, ch
        shl cl, ROW_SHIFT
        mov bl, dl
        and bl, FILE_MASK
        mov bh, al
        and bh, FILE_MASK
        cmp bl, bh
        setg ch
        setl bl
        sub ch, bl
        add cl, ch
        movzx bx, al
.between:
        add bl, cl
        cmp bl, dl
        je .clear
        cmp byte [carreau + bx], EMPTY
        je .between
        pop cx
.no:    clc
        ret
.clear: pop cx
.yes:   stc
        ret

; mate_order_checks -- put the checking moves of a chain first, each group kept in
;                      generation order
; IN:  ES:SI -> the first move, ES:DI -> past the last; one chain's room past DI free
; OUT: the chain reordered in place; check_sets and the discovery tables
; CHG: EAX, BX, DX, BP
mate_order_checks:
        call mate_check_squares
        mov word [mate_test], mate_gives_check
        mov bx, mate_partition
        jmp mate_reorder

; mate_order_replies -- put the defender's checks first, then its captures, each group
;                       kept in generation order: a check that refutes leaves the
;                       attacker a few moves to refute, where a quiet reply leaves it
;                       all of them (and a check that does not refute is mated at little
;                       cost, the attacker's moves being few); a capture leaves fewer
; IN:  ES:SI -> the first move, ES:DI -> past the last; one chain's room past DI free
; OUT: the chain reordered in place; check_sets and the discovery tables (the defender's)
; CHG: EAX, BX, DX, BP
mate_order_replies:
        mov word [mate_test], mate_capture_reply
        mov bx, mate_partition
        call mate_reorder
        call mate_check_squares
        mov word [mate_test], mate_gives_check
        mov bx, mate_partition
        jmp mate_reorder

; mate_reorder -- a chain reordered by an orderer, which gathers the moves in their new
;                 order in the room past the chain; what it gathered is copied back, and
;                 the chain's bounds and CX kept around it
; IN:  ES:SI -> the first move, ES:DI -> past the last; BX -> the orderer (IN: ES:SI,
;      ES:DI and its own IN as here, the chain's DI and SI above its return address
;      (REORDER_DI, REORDER_SI); OUT: ES:SI .. ES:BP the moves to copy, ES:BX -> where
;      they go; may change EAX, EBX, ECX, EDX, SI, DI, EBP)
; OUT: the chain reordered in place
; CHG: EAX, EBX, EDX, EBP
mate_reorder:
        push cx
        push si
        push di
        call bx
        call mate_copy_moves
        pop di
        pop si
        pop cx
        ret
%ifdef PROFILE
REORDER_DI      equ 4               ; the profile build's thunk leaves profile_return
REORDER_SI      equ 6               ; above the orderer's return address (tools/profile.inc)
%else
REORDER_DI      equ 2               ; the orderer's [SP + REORDER_DI]: the chain's DI
REORDER_SI      equ 4               ; and its SI, as mate_reorder pushed them
%endif

; mate_partition -- mate_reorder's orderer that puts the moves [mate_test] picks first,
;                   each group kept in generation order
; IN:  as mate_reorder's orderer; one chain's room past DI free; [mate_test] -> a
;      routine: IN EAX = a move, OUT CF set to put it first, CHG BX, CX
; OUT: as mate_reorder's orderer
; CHG: EAX, BX, CX, DX, SI, BP
mate_partition:
        mov bp, di                  ; ES:BP collects the other moves past the chain
        mov dx, si                  ; ES:DX -> where the next chosen move goes
        cmp si, di
        jae .join
.move:  mov eax, [es:si]
        add si, MOVE_SIZE
        call [mate_test]
        jc .chosen
        mov [es:bp], eax
        add bp, MOVE_SIZE
        cmp si, di
        jb .move
        jmp .join
.chosen:
        mov bx, dx
        mov [es:bx], eax
        add dx, MOVE_SIZE
        cmp si, di
        jb .move
.join:  mov si, di                  ; the others follow the chosen
        mov bx, dx
        ret

; mate_copy_moves -- copy moves within the move stack, one string move (a dword a move,
;                    counted by the emulators as one instruction an element)
; IN:  ES:SI -> the first, ES:BP -> past the last; ES:BX -> where they go (below SI, or
;      not overlapping); the direction flag clear
; OUT: the moves copied
; CHG: CX, SI, DI
mate_copy_moves:
        mov cx, bp
        sub cx, si
        shr cx, MOVE_SHIFT
        mov di, bx
        es rep movsd                ; ES:SI -> ES:DI
        ret

; mate_order_by_replies -- sort a chain by how forcing each move is (at the root:
;                          mate_move_class), each class by the number of legal replies
;                          the move leaves the defender, fewest first (a stable sort: the
;                          order before it breaks ties), so the moves likeliest to mate
;                          are tried first
; IN:  ES:SI -> the first move, ES:DI -> past the last, the attacker to move; CL = k,
;      its moves; past DI room for a dword a move (MAX_MOVES dwords) and then the
;      chains of a threat's search (mate_move_class)
; OUT: the chain reordered in place
; CHG: EAX, EBX, EDX, EBP
mate_order_by_replies:
        mov bx, mate_sort_by_replies
        jmp mate_reorder

; mate_sort_by_replies -- mate_order_by_replies' orderer for mate_reorder
; IN:  as mate_order_by_replies, and as mate_reorder's orderer
; OUT: as mate_reorder's orderer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
mate_sort_by_replies:
        mov byte [mate_threat], 0   ; threats at the root only (logic.inc says why)
        mov al, [ply]
        cmp al, [mate_root_ply]
        jne .keys
        sub cl, MATE_THREAT_SHORTER ; a mate in k - MATE_THREAT_SHORTER moves, at
        cmp cl, MATE_THREAT_MAX     ; most MATE_THREAT_MAX
        jbe .threat
        mov cl, MATE_THREAT_MAX
.threat:
        mov [mate_threat], cl
.keys:
        mov bp, di                  ; ES:BP -> the keys: a dword a move, its class, its
        xor dl, dl                  ; replies and its place in the chain (low byte)
.count: mov eax, [es:si]
        call move_play
        push si
        push di
        push bp
        push dx
        add di, MAX_MOVES * MATE_KEY_SIZE ; past the keys' room
        mov al, [es:si + move.to]
        and al, SQUARE_MASK
        mov [mate_to], al
        call gen_moves
        push cx
        call mate_move_class
        pop cx
        pop dx
        pop bp
        pop di
        pop si
        call mate_unmake_si
        mov dh, cl                  ; at most MAX_MOVES < 256
        mov [es:bp], dx
        mov [es:bp + 2], bl         ; the class above them
        mov byte [es:bp + 3], 0
        add bp, MATE_KEY_SIZE
        inc dl
        add si, MOVE_SIZE
        cmp si, di
        jb .count
        mov bx, di                  ; insertion sort of the keys, ES:DI .. ES:BP
.insert:
        add bx, MATE_KEY_SIZE
        cmp bx, bp
        jae .sorted
        mov eax, [es:bx]
        mov si, bx
.shift: cmp si, di
        jbe .place
        mov edx, [es:si - MATE_KEY_SIZE]
        cmp edx, eax
        jbe .place
        mov [es:si], edx
        sub si, MATE_KEY_SIZE
        jmp .shift
.place: mov [es:si], eax
        jmp .insert
.sorted:
        mov bx, sp
        mov di, [bx + REORDER_DI]   ; the chain's bounds
        mov si, [bx + REORDER_SI]
        mov dx, bp                  ; ES:BP -> the moves gathered in the keys' order
.gather:
        cmp di, dx
        jae .copy
        movzx bx, byte [es:di]
        shl bx, MOVE_SHIFT
        mov eax, [es:si + bx]
        mov [es:bp], eax
        add bp, MOVE_SIZE
        add di, MATE_KEY_SIZE
        jmp .gather
.copy:  mov bx, si                  ; back over the chain
        mov si, dx
        ret

; mate_move_class -- how forcing an attacker's move is: a check that leaves a single
;                    reply, which does not take its piece; a quiet move that threatens
;                    mate (were the defender allowed to pass, the attacker would mate in
;                    [mate_threat] moves: the classic threat of the problem solvers);
;                    another check; or none of these (a check forces when it leaves at
;                    most MATE_FORCED_REPLIES replies, none of which takes its piece)
; IN:  the position after the move, the defender to move, its replies before ES:DI
;      and CX of them as gen_moves left them, with [checkers]; [mate_to] = the move's
;      to square; [mate_threat] (0: none looked for)
; OUT: BL = MATE_CLASS_FORCED, _THREAT, _CHECK or _QUIET; with [mate_threat] = 0 every
;      move MATE_CLASS_FORCED (the replies alone order them)
; CHG: EAX, ECX, EDX, SI, EBP
mate_move_class:
        mov bl, MATE_CLASS_FORCED
        cmp byte [mate_threat], 0
        je .done
        cmp byte [checkers], 0
        je .quiet
        cmp cx, MATE_FORCED_REPLIES
        ja .check
        mov si, di
.reply: sub si, MOVE_SIZE
        mov al, [es:si + move.to]
        and al, SQUARE_MASK
        cmp al, [mate_to]
        je .check                   ; a reply takes the checking piece
        loop .reply
        ret
.check: mov bl, MATE_CLASS_CHECK
        ret
.quiet: mov cl, [mate_threat]
        call move_pass
        call mate_attack
        mov bl, MATE_CLASS_THREAT
        jnc .threat
        mov bl, MATE_CLASS_QUIET
.threat:
        push bx
        call move_unpass
        pop bx
.done:  ret

; mate_capture_reply -- is a move a capture?
; IN:  EAX = a move
; OUT: CF set if it is
; CHG: BX
mate_capture_reply:
        mov ebx, eax
        MOVE_CAPTURED_LOW ebx
        cmp bl, EMPTY
        jne .yes
        clc
        ret
.yes:   stc
        ret
