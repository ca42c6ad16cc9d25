; record.asm -- one byte per ply (the Atari seed, 003): how the engine's game record
; (GS:game_area.record, engine.asm) stores a move; savegame.asm writes those bytes to
; CHESS.GAM.
;
; A ply is the RANK of its move among the legal moves of the position it is played
; in, the moves sorted as their UCI names sort (from square, then to square, then the
; promotion letter: none < b < n < q < r; a square by file, then rank: a1 < a2 < .. <
; b1).  At most 218 moves are legal, so the rank fits a byte; a 1,000-ply game is
; 1,000 bytes.  Why this order and not the two the seeds suggest:
;   - the generator's own order (an index into the chain at ES:0) is the engine's inner
;     business: a refactoring that reorders the finders would silently turn every saved
;     game into another one; the UCI order depends on the rules alone;
;   - the seed's piece slot + move index needs a piece table whose slots move with
;     captures and promotions, and caps the pieces of a kind (4 queens, 2 rooks);
;   - any program with a move generator (the oracle, a script) reads and writes the
;     same bytes, which is how the tests check the file.
; The price is a sort: record_rank counts the moves below the move; record_move looks
; for the move with that many below it (n^2 key compares for n legal moves).
; New: Liberman's game kept no record of its games (pgn.asm says so too).

; record.asm: record_key's promotion rank below the squares (0: none; promo_order: 1 .. 4)
RECORD_PROMO_BITS equ 3

        section .data

; promo_order -- the rank of a promotion letter in UCI order (none 0, b n q r), by the
; piece code promoted to (ROOK KNIGHT BISHOP QUEEN)
promo_order     db 4, 2, 1, 3
%if ROOK != 0 || KNIGHT != 1 || BISHOP != 2 || QUEEN != 3
%error "promo_order follows the piece codes ROOK KNIGHT BISHOP QUEEN"
%endif

; record_move keeps the key of each legal move in the move stack, past the legal moves
; own chain (ES:0), where the next ply's chain would go: nothing else runs meanwhile.
RECORD_KEYS     equ MAX_MOVES * MOVE_SIZE

        section .text

; record_key -- the place of a move in UCI order, as a number
; IN:  EAX = a move record
; OUT: DX = from << 9 | to << 3 | promotion rank, each square as file * 8 + rank - 1
; CHG: nothing else
record_key:
        push eax
        push bx
        mov bl, al
        call record_square_key
        movzx dx, bl
        shl dx, SQUARE_BITS
        ror eax, MOVE_TO_SHIFT
        mov bl, al
        call record_square_key
        or dl, bl
        shl dx, RECORD_PROMO_BITS
        rol eax, MOVE_TO_SHIFT
        test ah, PROMO_FLAG
        jz .done
        movzx bx, ah
        shr bx, PROMO_SHIFT
        and bx, PROMO_CODE_MASK
        or dl, [promo_order + bx]
.done:  pop bx
        pop eax
        ret

; record_square_key -- a square as UCI names sort: file * 8 + rank - 1
; IN:  BL = the square (kind bits above it ignored)
; OUT: BL = its key (0..63)
; CHG: nothing else
record_square_key:
        push ax
        and bl, SQUARE_MASK
        mov al, bl
        shr al, ROW_SHIFT
        xor al, FILE_MASK           ; rank - 1 = 7 - row
        and bl, FILE_MASK
        shl bl, ROW_SHIFT
        or bl, al
        pop ax
        ret

; record_rank -- a legal move as its byte: how many legal moves sort below it
; IN:  EAX = the move; ES:0 = the legal moves, [engine_legal]
; OUT: AL = the rank
; CHG: AH (the rest of EAX kept)
record_rank:
        push bx
        push cx
        push dx
        push si
        call record_key
        mov bx, dx
        xor ah, ah                  ; AH = moves below it
        xor si, si
        mov cx, [engine_legal]
.move:  push eax
        mov eax, [es:si]
        call record_key
        pop eax
        cmp dx, bx
        jae .next
        inc ah
.next:  add si, MOVE_SIZE
        loop .move
        mov al, ah
        pop si
        pop dx
        pop cx
        pop bx
        ret

; record_move -- the legal move a byte stands for: the one with that many keys below
;                its own (each key worked out once, kept at ES:RECORD_KEYS)
; IN:  AL = the rank; ES:0 = the legal moves, [engine_legal]
; OUT: CF clear, EAX = the move; CF set if no legal move has that rank
; CHG: BX, CX, DX, SI, DI
record_move:
        movzx di, al                ; DI = the rank wanted
        mov cx, [engine_legal]
        jcxz .none
        xor si, si
        xor bx, bx
.key:   mov eax, [es:si]
        call record_key
        mov [es:RECORD_KEYS + bx], dx
        add si, MOVE_SIZE
        add bx, 2                   ; a word a key
        loop .key
        mov cx, bx                  ; CX = the table's bytes
        xor si, si                  ; SI -> the candidate's key
.candidate:
        mov dx, [es:RECORD_KEYS + si]
        xor ax, ax                  ; AX = keys below it
        xor bx, bx
.count: cmp [es:RECORD_KEYS + bx], dx
        jae .next_key
        inc ax
.next_key:
        add bx, 2
        cmp bx, cx
        jb .count
        cmp ax, di
        je .found
        add si, 2
        cmp si, cx
        jb .candidate
.none:  stc
        ret
.found: shl si, MOVE_SHIFT - 1      ; 2 bytes a key, MOVE_SIZE a move
        mov eax, [es:si]
        clc
        ret
