; book.asm -- the opening book (not Liberman's, who had none): main lines of
; well-known openings, for both colours, played at once and with variety while the game
; follows one of them from the start position.  ts-harness/formats/book.ts makes the table,
; book-table.inc, from the SAN of ts-harness/fixtures/book-lines.ts, each line checked
; on the oracle.  A ply is one byte, as the game record keeps it (record.asm: the move's
; rank among the legal moves in UCI order), so the game's record is compared with the
; lines byte for byte and a book byte turns into a move the way take-back turns one.
;
; The table: the lines sorted by their bytes, each written as a byte KEEP << 4 | NEW
; (the first KEEP plies of the line before it, then NEW plies of its own) and those NEW
; bytes; a 0 byte ends it.  The lines the game follows past its last ply each give
; their next ply; the seed chooses one line among them, so a move more lines go on
; from is played more often.

; book.asm: a line of the book's table is a byte KEEP << BOOK_KEEP_SHIFT | NEW (the line
; before's first KEEP plies, then NEW plies of its own); ts-harness/formats/book.ts writes it
BOOK_KEEP_SHIFT equ 4
BOOK_NEW_MASK   equ 0Fh
BOOK_MAX_PLIES  equ 15              ; KEEP and NEW fit four bits
BOOK_NO_LINE    equ 0FFFFh          ; book_scan: no line asked for
BOOK_MIX        equ 9E3779B1h       ; spreads the seeds over the choices (Knuth's golden ratio)

        section .data
%include "engine/book-table.inc"

        section .bss
book_line       resb BOOK_MAX_PLIES ; the line being read, its plies as bytes

        section .text

; book_move -- a move of the book for the game, when it began at the start position
;              and has followed a line of the book so far
; IN:  AX = the seed of the choice; engine_fen, [engine_plies], GS:game_area.record;
;      ES:0 = the legal moves, [engine_legal] (as the engine's calls leave them)
; OUT: CF clear: EAX = the move (one of ES:0); CF set: no book move (another start,
;      past the book's end, or off its lines)
; CHG: EBX, ECX, EDX, SI, DI, BP
book_move:
        mov bx, ax
        mov si, engine_fen
        mov di, start_fen_text
.start: mov al, [si]                ; the same text set the position: the start
        cmp al, [di]
        jne .none
        inc si
        inc di
        test al, al
        jnz .start
        cmp word [engine_plies], BOOK_MAX_PLIES
        jae .none
        push bx
        mov dx, BOOK_NO_LINE
        call book_scan
        pop ax
        jcxz .none
        movzx eax, ax
        mov edx, BOOK_MIX
        mul edx
        shr eax, 16
        xor dx, dx
        div cx                      ; DX = the line chosen among them
        call book_scan
        mov ax, bp
        jmp record_move
.none:  stc
        ret

; book_scan -- read the book's lines and count those the game follows past its last ply
; IN:  DX = the index of one of them (BOOK_NO_LINE: none); [engine_plies], GS:game_area.record
; OUT: CX = the lines the game follows; BP = the next ply of the DX-th of them (its byte)
; CHG: AX, BX, SI, DI
book_scan:
        xor cx, cx
        mov si, book_lines
.line:  mov al, [si]
        inc si
        test al, al
        jz .done
        movzx bx, al
        shr bx, BOOK_KEEP_SHIFT     ; BX = the plies kept from the line before
        and al, BOOK_NEW_MASK
        lea di, [book_line + bx]
.copy:  mov ah, [si]
        mov [di], ah
        inc si
        inc di
        dec al
        jnz .copy
        sub di, book_line           ; DI = the line's plies
        mov bx, [engine_plies]
        cmp di, bx
        jbe .line                   ; no ply after the game's
.same:  test bx, bx
        jz .follows
        dec bx
        mov al, [book_line + bx]
        cmp al, [gs:game_area.record + bx]
        jne .line
        jmp .same
.follows:
        cmp cx, dx
        jne .count
        mov bx, [engine_plies]
        movzx bp, byte [book_line + bx]
.count: inc cx
        jmp .line
.done:  ret
