; fen.asm -- read a position in Forsyth-Edwards Notation into CARREAU and the state,
; with the checks of asm/batch/PROTOCOL.md in the oracle's order (fields, board, kings, pawn
; ranks, side, castling, en passant, clocks, then check).  The engine writes a position
; and a move (engine/position.asm).
; A board field of 6 ranks of 6 squares sets up Los Alamos chess (board6.asm).

; fen.asm: a row of castle_rules
struc castle_rule
        .letter         resb 1
        .right          resb 1
        .king_square    resb 1
        .king           resb 1
        .rook_square    resb 1
        .rook           resb 1
endstruc
%if castle_rule.king != castle_rule.king_square + 1 || castle_rule.rook_square != castle_rule.king_square + 2 || castle_rule.rook != castle_rule.rook_square + 1
%error "fen_castling reads the king's square and piece, then the rook's, as pairs"
%endif

; fen.asm: the FEN fields in order, and what fen_kings and fen_ep test
FIELD_BOARD     equ 0
FIELD_SIDE      equ 1
FIELD_CASTLING  equ 2
FIELD_EP        equ 3
FIELD_HALFMOVE  equ 4
FIELD_FULLMOVE  equ 5
FEN_FIELDS_SHORT equ 4              ; the clocks may be left out
CLOCK_MAX       equ 0FFFFh          ; largest half-move clock and move number in a FEN
ONE_KING_EACH   equ 0101h            ; CL = 1 white king, CH = 1 black king
EP_RANK_WHITE_MOVES equ 6           ; black just made the double step
EP_RANK_BLACK_MOVES equ 3

        section .bss

fen_field       resw FEN_FIELDS_MAX ; -> each field, 0-terminated in place
fen_fields      resw 1              ; how many fields the text has

        section .data

; piece_letters -- the letter of each piece code ROOK .. PAWN (black's; white's are the
; capitals).  Also the UCI promotion letters.
piece_letters   db "rnbqkp"
%if $ - piece_letters != PIECE_KINDS
  %error "one letter a piece code"
%endif

; castle_rules -- each castling letter of a FEN with its right and the king and rook it
; needs at home.
castle_rules:
        db 'K', CASTLE_WK, SQ_E1, KING_W, SQ_H1, ROOK_W
        db 'Q', CASTLE_WQ, SQ_E1, KING_W, SQ_A1, ROOK_W
        db 'k', CASTLE_BK, SQ_E8, KING_B, SQ_H8, ROOK_B
        db 'q', CASTLE_BQ, SQ_E8, KING_B, SQ_A8, ROOK_B
castle_rules_end:

        section .text

        ERROR_ENTRY err_byte, "byte", "a character outside printable ASCII"
        ERROR_ENTRY err_fields, "fields", "not 4 or 6 space-separated FEN fields"
        ERROR_ENTRY err_ranks, "ranks", "not 8 ranks of 8 squares (chess) or 6 ranks of 6 (Los Alamos chess)"
        ERROR_ENTRY err_piece, "piece", "a character that is not a piece letter or digit 1-8 in the board field"
        ERROR_ENTRY err_kings, "kings", "a side without a king or with more than one"
        ERROR_ENTRY err_pawn_rank, "pawn-rank", "a pawn on the first or the last rank"
        ERROR_ENTRY err_side, "side", "side to move not w or b"
        ERROR_ENTRY err_check, "check", "the side not to move is in check"
        ERROR_ENTRY err_castling, "castling", "castling field malformed, or a right whose king or rook is not in place, or any right in Los Alamos chess"
        ERROR_ENTRY err_ep, "ep", "en-passant field malformed, on the wrong rank, or with no pawn that could just have made the double step, or any square in Los Alamos chess"
        ERROR_ENTRY err_clock, "clock", "half-move or full-move clock not a number from 0 to 65535"

; fen_parse -- set up the position a FEN describes, or say what is wrong with it
; IN:  SI -> the FEN, 0-terminated (cut into fields in place)
; OUT: CF clear: carreau, side, castle, ep_square, clocks, king_squares set, [ply] = 0;
;      CF set: SI -> the error_entry of the first problem found
; CHG: EAX, BX, CX, DX, SI
fen_parse:
        push si                     ; printable ASCII only, as the oracle reads it
.byte:  lodsb
        test al, al
        jz .printable
        call text_is_printable
        jnc .byte
        pop si
        mov si, err_byte
        ret                         ; CF set
.printable:
        pop si
        call fen_split
        mov si, err_fields
        cmp cx, FEN_FIELDS_SHORT
        je .board
        cmp cx, FEN_FIELDS_MAX
        jne .fail
.board: mov si, [fen_field + FIELD_BOARD * 2]
        call fen_board
        jc .fail
        call fen_kings
        jc .fail
        call fen_pawn_ranks
        jc .fail
        mov si, [fen_field + FIELD_SIDE * 2]
        call fen_side
        jc .fail
        mov si, [fen_field + FIELD_CASTLING * 2]
        call fen_castling
        jc .fail
        mov si, [fen_field + FIELD_EP * 2]
        call fen_ep
        jc .fail
        call fen_clocks
        jc .fail
        call fen_check
        jc .fail
        mov byte [ply], 0
        ret                         ; CF clear
.fail:  stc
        ret

; fen_split -- cut the text into fields at white space
; IN:  SI -> 0-terminated text
; OUT: CX = [fen_fields] = the number of fields; fen_field -> the first FEN_FIELDS_MAX,
;      each 0-terminated
; CHG: AL, BX, SI
fen_split:
        xor cx, cx
.field: call text_skip_space
        cmp byte [si], 0
        je .done
        cmp cx, FEN_FIELDS_MAX
        jae .counted
        mov bx, cx
        add bx, bx                  ; a word a field
        mov [fen_field + bx], si
.counted:
        inc cx
.body:  lodsb
        test al, al
        jz .done
        call text_is_space
        jne .body
        mov byte [si - 1], 0
        jmp .field
.done:  mov [fen_fields], cx
        ret

; fen_board -- read the board field into carreau; 8 ranks are chess, 6 Los Alamos chess
; IN:  SI -> the field
; OUT: CF clear, carreau set, the variant's board in play (board_set_variant); CF set,
;      SI -> err_ranks or err_piece
; CHG: AX, BX, CX, DX, SI
fen_board:
        push si                     ; 8 ranks: 7 slashes
        xor cx, cx
.slash: lodsb
        test al, al
        jz .counted
        cmp al, '/'
        jne .slash
        inc cx
        jmp .slash
.counted:
        pop si
        mov al, VARIANT_CHESS
        cmp cx, RANKS - 1
        je .variant
        mov al, VARIANT_LOS_ALAMOS
        cmp cx, LA_RANKS - 1
        jne .ranks
.variant:
        call board_set_variant
        mov bx, BOARD_SQUARES       ; the border of the small board stays EMPTY
.clear: dec bx
        mov byte [carreau + bx], EMPTY
        jnz .clear
        movzx dx, byte [geometry + board_geometry.first_square] ; DX = the rank's a file
.rank:  xor cx, cx                  ; CX = squares of the rank so far
.char:  lodsb
        test al, al
        jz .rank_end
        cmp al, '/'
        je .rank_end
        cmp al, '1'
        jb .piece
        cmp al, '0' + FILES
        ja .piece
        sub al, '0'
        cbw
        add cx, ax
        jmp .char
.piece: call fen_piece_code
        jc .bad_piece
        movzx bx, byte [geometry + board_geometry.files]
        cmp cx, bx
        jae .beyond                 ; counted, not placed: the rank is too long
        mov bx, dx
        add bx, cx
        mov [carreau + bx], al
.beyond:
        inc cx
        jmp .char
.rank_end:
        movzx bx, byte [geometry + board_geometry.files]
        cmp cx, bx
        jne .ranks
        add dx, ROW_STEP
        test al, al
        jnz .rank
        ret                         ; CF clear (from the test)
.ranks: mov si, err_ranks
        stc
        ret
.bad_piece:
        mov si, err_piece
        ret                         ; CF set

; fen_piece_code -- the square byte of a FEN piece letter
; IN:  AL = the letter
; OUT: CF clear, AL = the content; CF set if AL is not a piece letter
; CHG: nothing else
fen_piece_code:
        push bx
        push cx
        mov cl, al
        or cl, CASE_BIT             ; look the letter up in small letters
        xor bx, bx
.find:  cmp cl, [piece_letters + bx]
        je .found
        inc bx
        cmp bx, PIECE_KINDS
        jb .find
        stc
        jmp .done
.found: test al, CASE_BIT
        mov al, bl                  ; the piece code, black
        jnz .done                   ; CF clear from the test
        or al, WHITE                ; a capital: white
.done:  pop cx
        pop bx
        ret

; fen_kings -- one king of each colour, and where they stand; the colour sets
; IN:  carreau
; OUT: CF clear, king_squares set; CF set, SI -> err_kings; colour_sets, piece_sets
; CHG: EAX, BX, CX, SI
fen_kings:
        xor eax, eax
        mov [COLOUR_SET(BLACK)], eax
        mov [COLOUR_SET(BLACK) + 4], eax
        mov [COLOUR_SET(WHITE)], eax
        mov [COLOUR_SET(WHITE) + 4], eax
        mov si, PIECE_SETS * SET_BYTES
.clear: sub si, 4
        mov [piece_sets + si], eax
        jnz .clear
        xor cx, cx                  ; CL = white kings, CH = black kings
        xor bx, bx
.square:
        mov al, [carreau + bx]
        cmp al, EMPTY
        je .next
        movzx si, al
        shl si, LIST_SHIFT          ; a set a content
        bts word [piece_sets + si], bx
        mov si, COLOUR_SET(BLACK)
        test al, WHITE
        jz .set
        mov si, COLOUR_SET(WHITE)
.set:   bts word [si], bx
        cmp al, KING_W
        jne .black
        inc cl
        mov [KING_SQ(WHITE)], bl
.black: cmp al, KING_B
        jne .next
        inc ch
        mov [KING_SQ(BLACK)], bl
.next:  inc bx
        cmp bx, BOARD_SQUARES
        jb .square
        cmp cx, ONE_KING_EACH
        je .done                    ; CF clear
        mov si, err_kings
        stc
.done:  ret

; fen_pawn_ranks -- no pawn on the top rank (8, or 6 on the small board) or rank 1
; IN:  carreau; geometry
; OUT: CF set, SI -> err_pawn_rank if one is
; CHG: AL, BX, CX
fen_pawn_ranks:
        movzx bx, byte [geometry + board_geometry.first_square] ; the top rank, then rank 1
        call .row
        jc .done
        mov bx, LAST_ROW * ROW_STEP
.row:   mov cx, FILES
.square:
        mov al, [carreau + bx]
        and al, PIECE_MASK | EMPTY
        cmp al, PAWN
        je .found
        inc bx
        loop .square
        clc
        ret
.found: mov si, err_pawn_rank
        stc
.done:  ret

; fen_side -- the side to move: "w" or "b"
; IN:  SI -> the field
; OUT: CF clear, [side] set; CF set, SI -> err_side
; CHG: nothing else
fen_side:
        cmp byte [si + 1], 0
        jne .bad
        cmp byte [si], 'w'
        je .white
        cmp byte [si], 'b'
        jne .bad
        mov byte [side], BLACK
        clc
        ret
.white: mov byte [side], WHITE
        clc
        ret
.bad:   mov si, err_side
        stc
        ret

; fen_castling -- "-" or letters of KQkq, no repeats, each with its king and rook home;
;                 only "-" in Los Alamos chess
; IN:  SI -> the field; [variant]
; OUT: CF clear, [castle] set; CF set, SI -> err_castling
; CHG: AX, BX, SI
fen_castling:
        mov byte [castle], 0
        cmp word [si], '-'          ; "-" and its 0
        je .done
        cmp byte [variant], VARIANT_LOS_ALAMOS
        je .bad
.letter:
        lodsb
        test al, al
        jz .done
        mov bx, castle_rules
.find:  cmp al, [bx + castle_rule.letter]
        je .found
        add bx, castle_rule_size
        cmp bx, castle_rules_end
        jb .find
        jmp .bad
.found: mov ah, [bx + castle_rule.right]
        test [castle], ah
        jnz .bad                    ; a repeat
        or [castle], ah
        push si
        lea si, [bx + castle_rule.king_square] ; the king's home, then the rook's
.home:  lodsw                       ; AL = a home square, AH = the piece that must be on it
        movzx bx, al
        cmp [carreau + bx], ah
        jne .away
        and ah, PIECE_MASK
        cmp ah, KING
        je .home                    ; the king is home: the rook's pair follows
        pop si
        jmp .letter
.away:  pop si
        jmp .bad
.done:  clc
        ret
.bad:   mov si, err_castling
        stc
        ret

; fen_ep -- "-" or the square a pawn of the side not to move just passed over: on rank 6
;           (white to move) or 3, empty, its origin empty, that pawn in front of it.  A
;           square no pawn can take on is still accepted.  Only "-" in Los Alamos chess.
; IN:  SI -> the field; [side]; carreau; [variant]
; OUT: CF clear, [ep_square] set; CF set, SI -> err_ep
; CHG: AX, BX
fen_ep:
        mov byte [ep_square], NO_SQUARE
        cmp word [si], '-'          ; "-" and its 0
        je .done
        cmp byte [variant], VARIANT_LOS_ALAMOS
        je .bad
        cmp byte [si + 2], 0
        jne .bad
        call text_read_square       ; AL = the square
        jc .bad
        mov ah, al
        shr ah, ROW_SHIFT           ; AH = its row
        mov bl, ROW_OF_RANK(EP_RANK_WHITE_MOVES)
        mov bh, ROW_STEP            ; from the square towards the pawn: down the board
        cmp byte [side], WHITE
        je .rank
        mov bl, ROW_OF_RANK(EP_RANK_BLACK_MOVES)
        mov bh, -ROW_STEP
.rank:  cmp ah, bl
        jne .bad
        mov ah, bh                  ; AL = the square, AH = the step towards the pawn
        movzx bx, al
        cmp byte [carreau + bx], EMPTY
        jne .bad
        sub bl, ah                  ; the pawn's origin, empty
        cmp byte [carreau + bx], EMPTY
        jne .bad
        add bl, ah
        add bl, ah                  ; the pawn, the other side's
        mov ah, [side]
        xor ah, WHITE | PAWN
        cmp [carreau + bx], ah
        jne .bad
        mov [ep_square], al
.done:  clc
        ret
.bad:   mov si, err_ep
        stc
        ret

; fen_clocks -- the half-move clock and the move number, 0 and 1 when left out
; IN:  [fen_fields], fen_field
; OUT: CF clear, [halfmove], [fullmove] set; CF set, SI -> err_clock
; CHG: EAX, SI
fen_clocks:
        mov word [halfmove], 0
        mov dword [fullmove], 1
        cmp word [fen_fields], FEN_FIELDS_MAX
        jne .done
        mov si, [fen_field + FIELD_HALFMOVE * 2]
        call fen_clock
        jc .bad
        mov [halfmove], ax
        mov si, [fen_field + FIELD_FULLMOVE * 2]
        call fen_clock
        jc .bad
        mov [fullmove], eax
.done:  clc
        ret
.bad:   mov si, err_clock
        ret                         ; CF set

; fen_clock -- a clock field: digits only, at most CLOCK_MAX (a larger one is refused,
;              not clamped: a clamped half-move clock would move the fifty-move draw)
; IN:  SI -> the field
; OUT: CF clear, EAX = the value; CF set if not a number or too big
; CHG: EAX, SI
fen_clock:
        call text_read_number
        jc .done
        cmp eax, CLOCK_MAX + 1
        cmc                         ; CF set: too big
.done:  ret

; fen_check -- the side not to move must not stand in check
; IN:  the position
; OUT: CF set, SI -> err_check if it does
; CHG: AX, BX
fen_check:
        cmp byte [side], WHITE
        je .white_moves
        movzx bx, byte [KING_SQ(WHITE)]
        call attacked_white
        jmp .answer
.white_moves:
        movzx bx, byte [KING_SQ(BLACK)]
        call attacked_black
.answer:
        jnc .done
        mov si, err_check
.done:  ret
