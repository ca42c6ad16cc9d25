; search.asm -- PLACEHOLDER: the computer's move until the real search (Liberman's mate
; solving logic and positional logic, NOIR3 / WHITEJOUE5PAS) replaces this file.  It
; plays the first legal move, so that the game can be played end to end.

        section .text

; search_best -- the move the computer plays (PLACEHOLDER: the first legal move; the
;                budget is not used)
; IN:  the position ([side], carreau, ...); ECX = the budget (the game passes its
;      level, LEVEL_MIN..LEVEL_MAX)
; OUT: EAX = the 4-byte move record; CF set if there is no legal move
; CHG: EBX, ECX, EDX, SI, DI, EBP; ES:0 onwards (the move stack)
search_best:
        xor di, di
        call gen_moves
        jecxz .none
        mov eax, [es:0]
        clc
        ret
.none:  stc
        ret
