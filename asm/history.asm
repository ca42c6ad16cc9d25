; history.asm -- the positions the game has been through, for the repetition rule, and
; the search's draw test (the 50-move rule and repetitions in the search path or in the
; game's history).

        section .bss

history_keys    resd HISTORY_MAX    ; Zobrist keys of the game's positions, oldest first
history_count   resw 1

        section .text

; search_history_reset -- forget the game's positions (a new game or a set-up position)
; IN:  nothing
; OUT: [history_count] = 0
; CHG: nothing
search_history_reset:
        mov word [history_count], 0
        ret

; search_history_note -- note the current position as one the game has reached: call
;                        after setting up a position and after every move played
; IN:  the position
; OUT: its key appended to history_keys (which forgets what came before an irreversible
;      move, and its oldest key when full); [hash_key] set
; CHG: nothing
search_history_note:
        pushad
        call hash_compute
        cmp word [halfmove], 0
        jne .room
        mov word [history_count], 0 ; nothing before a capture or pawn move can recur
.room:  mov bx, [history_count]
        cmp bx, HISTORY_MAX
        jb .add
        push es                     ; full: drop the oldest
        push ds
        pop es
        mov di, history_keys
        lea si, [di + (1 << DWORD_SHIFT)]
        mov cx, HISTORY_MAX - 1
        rep movsd
        pop es
        dec bx
.add:   mov eax, [hash_key]
        shl bx, DWORD_SHIFT
        mov [history_keys + bx], eax
        inc word [history_count]
        popad
        ret

; search_draw -- is the position drawn by the 50-move rule or by a repetition?
;                (never asked at the root: the root must give a move)
; A repetition is a key met before since the last irreversible move: in the search path
; (key_stack, every second ply back to the root) and, when no capture or pawn move was
; made since the root, anywhere in the game's history.  The key holds the side to move.
; IN:  the position, [hash_key]; [ply] > [root_ply]; key_stack; history_keys
; OUT: CF set if a draw
; CHG: EAX, ECX, SI
search_draw:
        movzx ecx, word [halfmove]
        cmp cx, FIFTY_MOVE_PLIES
        jae .draw
        mov eax, [hash_key]
        movzx si, byte [ply]
        neg cx
        add cx, si                  ; CX = the ply of the last irreversible move
        sub si, REPETITION_GAP
.path:  cmp si, cx                  ; signed: the plies can run below 0
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
