; history.asm -- the one record of the positions the game has been through since its
; last irreversible move: the game's threefold repetition counts in it, and the search's
; draw test (the 50-move rule, repetitions in the search path or in the game) reads it.

        section .bss

history_keys    resd HISTORY_MAX    ; history_key of the game's positions, oldest first
history_count   resw 1
search_contempt resd 1              ; IN: centipawns a draw in the search is worth less
                                    ; than 0 to the side to move at the root (0: none)
root_ply        resw 1              ; IN: [ply] at the search's root (a word, to compare
                                    ; with SI), as search.asm sets it

        section .text

; history_reset -- forget the game's positions (a new game or a set-up position)
; IN:  nothing
; OUT: [history_count] = 0
; CHG: nothing
history_reset:
        mov word [history_count], 0
        ret

; history_note -- note the current position as one the game has reached: the engine
;                 calls it after setting up a position and after every move played
; IN:  the position; ES:DI -> free space for a chain (the legal moves are looked at)
; OUT: its history_key appended to history_keys (which forgets what came before an
;      irreversible move, and its oldest key when full); [hash_key] set
; CHG: nothing
history_note:
        pushad
        call history_key
        cmp word [halfmove], 0
        jne .room
        mov word [history_count], 0 ; nothing before a capture or pawn move can recur
.room:  mov bx, [history_count]
        cmp bx, HISTORY_MAX
        jb .add
        push eax
        push es                     ; full: drop the oldest
        push ds
        pop es
        mov di, history_keys
        lea si, [di + (1 << DWORD_SHIFT)]
        mov cx, HISTORY_MAX - 1
        rep movsd
        pop es
        pop eax
        dec bx
.add:   shl bx, DWORD_SHIFT
        mov [history_keys + bx], eax
        inc word [history_count]
        popad
        ret

; history_key -- what makes a position the same for repetition: the board, the side,
;                the castling rights, and the en-passant square only when an en-passant
;                capture is legal -- move_make's Zobrist key, without its en-passant
;                part when no pawn can take there
; IN:  the position; ES:DI -> free space for a chain
; OUT: EAX = the key; [hash_key] = the Zobrist key
; CHG: EBX, ECX, EDX, SI, EBP
history_key:
        call hash_compute
        cmp byte [ep_square], NO_SQUARE
        je .plain
        push di
        call gen_moves
        mov eax, [hash_key]
        pop si                      ; SI -> the first move, DI -> past the last
        push si
.move:  cmp si, di
        jae .unused
        mov bl, [es:si + move.from]
        and bl, KIND_MASK
        cmp bl, KIND_EP
        je .counts                  ; a pawn can take there: the square counts
        add si, MOVE_SIZE
        jmp .move
.unused:
        movzx si, byte [ep_square]  ; as if there were no en-passant square
        and si, FILE_MASK
        shl si, DWORD_SHIFT
        xor eax, [es:ZOBRIST_EP + si]
.counts:
        pop di
        ret
.plain: mov eax, [hash_key]
        ret

; history_repeats -- how often the game has been in the position it is in now
; IN:  history_keys, the last of them this position's
; OUT: CX = the earlier positions with the same key
; CHG: EAX, SI
history_repeats:
        xor cx, cx
        mov si, [history_count]
        dec si
        js .done
        shl si, DWORD_SHIFT
        mov eax, [history_keys + si]
.earlier:
        sub si, 1 << DWORD_SHIFT
        js .done
        cmp eax, [history_keys + si]
        jne .earlier
        inc cx
        jmp .earlier
.done:  ret

; history_draw_score -- the value of a draw history_draw found, from the side to move's
;                       view: -[search_contempt] for the side that moves at the root
;                       (with contempt it would rather play on), +[search_contempt] for
;                       the other side
; IN:  [ply], [root_ply], [search_contempt]
; OUT: EAX = the score
; CHG: nothing else
%if SCORE_DRAW != 0
%error "history_draw_score counts the contempt from a draw worth 0"
%endif
history_draw_score:
        push bx
        mov eax, [search_contempt]
        mov bl, [ply]
        xor bl, [root_ply]
        test bl, 1
        jnz .other
        neg eax
.other: pop bx
        ret

; history_draw -- is the position drawn by the 50-move rule or by a repetition?
;                (never asked at the root: the root must give a move)
; A repetition is a key met before since the last irreversible move: in the search path
; (key_stack, every second ply back to the root) and, when no capture or pawn move was
; made since the root, anywhere in the game's history.  The key holds the side to move.
; IN:  the position, [hash_key] (or its key left to make: move_key_ensure); [ply] >
;      [root_ply]; key_stack; history_keys
; OUT: CF set if a draw
; CHG: EAX, ECX, SI
history_draw:
        movzx ecx, word [halfmove]
        cmp cx, FIFTY_MOVE_PLIES
        jae .draw
        movzx si, byte [ply]
        neg cx
        add cx, si                  ; CX = the ply of the last irreversible move
        sub si, REPETITION_GAP
        cmp si, cx                  ; signed: the plies can run below 0
        jl .none                    ; no position to compare: the key is not needed
        call move_key_ensure
        mov eax, [hash_key]
.path:  cmp si, cx
        jl .none
        cmp si, [root_ply]
        jl .game
        shl si, DWORD_SHIFT
        cmp eax, [key_stack + si]
        je .draw
        shr si, DWORD_SHIFT
        sub si, 2                   ; the same side to move
        jmp .path
.game:  mov si, [history_count]
.older: dec si
        js .none
        shl si, DWORD_SHIFT
        cmp eax, [history_keys + si]
        je .draw
        shr si, DWORD_SHIFT
        jmp .older
.none:  clc
        ret
.draw:  stc
        ret
