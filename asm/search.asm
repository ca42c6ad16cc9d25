; search.asm -- PLACEHOLDER: the computer's move until the real search (Liberman's mate
; solving logic and positional logic, NOIR3 / WHITEJOUE5PAS) replaces this file.  It
; plays the first legal move, so that the game can be played end to end.

        section .text

; search_best -- the move the computer plays (PLACEHOLDER: the first legal move; the
;                budget is not used)
; IN:  the position ([side], carreau, ...); ECX = the budget in emulated milliseconds
;      of a 3000-cycle DOSBox, 1..65535 (`best MS` of asm/PROTOCOL.md; the game passes
;      its level's entry of level_budget)
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
