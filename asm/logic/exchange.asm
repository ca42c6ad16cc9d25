; exchange.asm -- the positional logic's core: material exchange (Liberman 1997 part 5:
; NOIR3, which calls BLANC2, which calls NOIR1 ...; VVNPLACECARREAU makes a move and
; gives its value).
;
; The definition, exactly (the independent TypeScript check is written from it):
;   value(m)   = the list value of the piece m captures (0 for a quiet move; en passant
;                takes a pawn), plus, for a promotion, the promoted piece's value minus
;                the pawn's.  Values: pawn 2000, knight 4800, bishop 4825, rook 9100,
;                queen 18000, king 80000.
;   X(P, D)    for the side to move in P, D >= 1 plies:
;                no legal move: -80000 (minus the king) if in check, 0 if stalemate;
;                D = 1: the largest value(m) over the legal moves m;
;                D > 1: the largest value(m) - X(P after m, D - 1) over the legal moves.
;   The move:  the first legal move in generation order whose term equals X: a later
;              move replaces the best only if strictly greater (NOIR3: `jle macha`).
; Two departures from the seed's simplified listing, both so that the value depends on
; the position alone and a side with a legal move always gets one:
;   - NOIR3 starts PRISE3 at minus the king's value, so a side whose every move scores
;     -80000 or less keeps no move; here the best starts below every score.
;   - NOIR3 stops at the first move worth the king's value or more; here every move is
;     looked at, so a mate that also takes a piece scores more than a bare mate.
; Values are 32-bit signed.

; exchange.asm: the start of the best score
EXCHANGE_BELOW_ALL equ 80000000h    ; less than any score, as a signed dword

        section .data

; exchange_values -- Liberman's list of values, a dword per piece code ROOK .. PAWN.
exchange_values:
        dd VALUE_ROOK, VALUE_KNIGHT, VALUE_BISHOP, VALUE_QUEEN, VALUE_KING, VALUE_PAWN
%if ($ - exchange_values) != 4 * PIECE_KINDS
  %error "one value a piece code"
%endif

        section .text

; exchange_search -- the best exchange value of the side to move, and its move
;                    (Liberman: NOIR3 / BLANC2 and their shorter kin)
; IN:  CL = D, 1 .. EXCHANGE_MAX_DEPTH plies; the position; DI -> free space in the
;      move chain
; OUT: EAX = X(position, D) as defined above; CF clear, EDX = the move; CF set: no legal
;      move (EDX = 0); when a limit is reached ([clock_abort]) EAX and EDX mean nothing
; CHG: EBX, ECX, SI, EBP (DI kept; the position is restored)
exchange_search:
        call clock_check
        jc .stopped
        push di
        push cx
        call gen_moves
        mov ebx, ecx                ; the moves found
        pop cx
        pop si                      ; SI -> the first move, DI -> past the last
        push si
        test ebx, ebx
        jz .no_move
        mov ebx, EXCHANGE_BELOW_ALL ; EBX = the best so far, EDX = its move
.move:  mov eax, [es:si]
        call exchange_gain
        cmp cl, 1
        je .compare
        call move_play
        push ebx
        push edx
        push si
        push cx
        push ebp
        dec cl
        call exchange_search        ; EAX = what the other side gets back
        pop ebp
        pop cx
        pop si
        pop edx
        pop ebx
        sub ebp, eax
        mov eax, [es:si]
        call move_takeback
.compare:
        cmp ebp, ebx
        jle .next                   ; ties keep the earlier move
        mov ebx, ebp
        mov edx, [es:si]
.next:  add si, MOVE_SIZE
        cmp si, di
        jb .move
        mov eax, ebx
        pop di
        clc
        ret
.no_move:
        xor edx, edx
        xor eax, eax                ; stalemate
        cmp byte [checkers], 0
        je .done
        mov eax, -VALUE_KING        ; mated: the king is lost
.done:  pop di
        stc
        ret
.stopped:
        xor eax, eax
        xor edx, edx
        clc
        ret

; exchange_gain -- what a move takes, by the list of values (Liberman: the value
;                  VVNPLACECARREAU leaves in EBX)
; IN:  EAX = a move record
; OUT: EBP = the value of the piece taken (a pawn for en passant) plus, for a
;      promotion, the new piece's value minus the pawn's
; CHG: nothing else
exchange_gain:
        push ebx
        xor ebp, ebp
        MOVE_VICTIM .promotion
        shl bx, 2                   ; a dword a value
        mov ebp, [exchange_values + bx]
.promotion:
        MOVE_PROMOTED .done
        shl bx, 2
        add ebp, [exchange_values + bx]
        sub ebp, VALUE_PAWN
.done:  pop ebx
        ret
