; eval.asm -- the static evaluation the search stands on: material and piece placement.
; Liberman's positional logic weighs material by his list of values (exchange.asm); the
; search that picks the move to play (search.asm) needs a score for a quiet position,
; and takes it from Tomasz Michniewski's "Simplified Evaluation Function" (posted to the
; Polish progszach list; chessprogramming.org/Simplified_Evaluation_Function): piece
; values P 100, N 320, B 330, R 500, Q 900 centipawns and his piece-square tables.  The
; king's middle-game and end-game tables are blended by the game phase (PHASE_FULL with
; every piece on the board, 0 with pawns and kings alone).

        section .data

; pst -- piece value + Michniewski's square bonus, signed words: word
; [pst + ((piece << ROW_BITS_SQUARES) | square) * 2] for a white piece; a black one reads
; the square ^ FLIP_RANKS.  Rows in piece-code order ROOK .. PAWN; the KING row is the
; middle-game table (no material: both sides always have a king), and pst_king_end,
; right after, the end-game one.  Each table is drawn as the board: rank 8 first.
%macro PST_RANK 9                   ; value, then the a .. h bonuses of one rank
        dw %1 + %2, %1 + %3, %1 + %4, %1 + %5, %1 + %6, %1 + %7, %1 + %8, %1 + %9
%endmacro
pst:
pst_rook:
        PST_RANK ROOK_CP,    0,   0,   0,   0,   0,   0,   0,   0
        PST_RANK ROOK_CP,    5,  10,  10,  10,  10,  10,  10,   5
        PST_RANK ROOK_CP,   -5,   0,   0,   0,   0,   0,   0,  -5
        PST_RANK ROOK_CP,   -5,   0,   0,   0,   0,   0,   0,  -5
        PST_RANK ROOK_CP,   -5,   0,   0,   0,   0,   0,   0,  -5
        PST_RANK ROOK_CP,   -5,   0,   0,   0,   0,   0,   0,  -5
        PST_RANK ROOK_CP,   -5,   0,   0,   0,   0,   0,   0,  -5
        PST_RANK ROOK_CP,    0,   0,   0,   5,   5,   0,   0,   0
pst_knight:
        PST_RANK KNIGHT_CP, -50, -40, -30, -30, -30, -30, -40, -50
        PST_RANK KNIGHT_CP, -40, -20,   0,   0,   0,   0, -20, -40
        PST_RANK KNIGHT_CP, -30,   0,  10,  15,  15,  10,   0, -30
        PST_RANK KNIGHT_CP, -30,   5,  15,  20,  20,  15,   5, -30
        PST_RANK KNIGHT_CP, -30,   0,  15,  20,  20,  15,   0, -30
        PST_RANK KNIGHT_CP, -30,   5,  10,  15,  15,  10,   5, -30
        PST_RANK KNIGHT_CP, -40, -20,   0,   5,   5,   0, -20, -40
        PST_RANK KNIGHT_CP, -50, -40, -30, -30, -30, -30, -40, -50
pst_bishop:
        PST_RANK BISHOP_CP, -20, -10, -10, -10, -10, -10, -10, -20
        PST_RANK BISHOP_CP, -10,   0,   0,   0,   0,   0,   0, -10
        PST_RANK BISHOP_CP, -10,   0,   5,  10,  10,   5,   0, -10
        PST_RANK BISHOP_CP, -10,   5,   5,  10,  10,   5,   5, -10
        PST_RANK BISHOP_CP, -10,   0,  10,  10,  10,  10,   0, -10
        PST_RANK BISHOP_CP, -10,  10,  10,  10,  10,  10,  10, -10
        PST_RANK BISHOP_CP, -10,   5,   0,   0,   0,   0,   5, -10
        PST_RANK BISHOP_CP, -20, -10, -10, -10, -10, -10, -10, -20
pst_queen:
        PST_RANK QUEEN_CP,  -20, -10, -10,  -5,  -5, -10, -10, -20
        PST_RANK QUEEN_CP,  -10,   0,   0,   0,   0,   0,   0, -10
        PST_RANK QUEEN_CP,  -10,   0,   5,   5,   5,   5,   0, -10
        PST_RANK QUEEN_CP,   -5,   0,   5,   5,   5,   5,   0,  -5
        PST_RANK QUEEN_CP,    0,   0,   5,   5,   5,   5,   0,  -5
        PST_RANK QUEEN_CP,  -10,   5,   5,   5,   5,   5,   0, -10
        PST_RANK QUEEN_CP,  -10,   0,   5,   0,   0,   0,   0, -10
        PST_RANK QUEEN_CP,  -20, -10, -10,  -5,  -5, -10, -10, -20
pst_king:
        PST_RANK 0,         -30, -40, -40, -50, -50, -40, -40, -30
        PST_RANK 0,         -30, -40, -40, -50, -50, -40, -40, -30
        PST_RANK 0,         -30, -40, -40, -50, -50, -40, -40, -30
        PST_RANK 0,         -30, -40, -40, -50, -50, -40, -40, -30
        PST_RANK 0,         -20, -30, -30, -40, -40, -30, -30, -20
        PST_RANK 0,         -10, -20, -20, -20, -20, -20, -20, -10
        PST_RANK 0,          20,  20,   0,   0,   0,   0,  20,  20
        PST_RANK 0,          20,  30,  10,   0,   0,  10,  30,  20
pst_pawn:
        PST_RANK PAWN_CP,     0,   0,   0,   0,   0,   0,   0,   0
        PST_RANK PAWN_CP,    50,  50,  50,  50,  50,  50,  50,  50
        PST_RANK PAWN_CP,    10,  10,  20,  30,  30,  20,  10,  10
        PST_RANK PAWN_CP,     5,   5,  10,  25,  25,  10,   5,   5
        PST_RANK PAWN_CP,     0,   0,   0,  20,  20,   0,   0,   0
        PST_RANK PAWN_CP,     5,  -5, -10,   0,   0, -10,  -5,   5
        PST_RANK PAWN_CP,     5,  10,  10, -20, -20,  10,  10,   5
        PST_RANK PAWN_CP,     0,   0,   0,   0,   0,   0,   0,   0
pst_king_end:
        PST_RANK 0,         -50, -40, -30, -20, -20, -30, -40, -50
        PST_RANK 0,         -30, -20, -10,   0,   0, -10, -20, -30
        PST_RANK 0,         -30, -10,  20,  30,  30,  20, -10, -30
        PST_RANK 0,         -30, -10,  30,  40,  40,  30, -10, -30
        PST_RANK 0,         -30, -10,  30,  40,  40,  30, -10, -30
        PST_RANK 0,         -30, -10,  20,  30,  30,  20, -10, -30
        PST_RANK 0,         -30, -30,   0,   0,   0,   0, -30, -30
        PST_RANK 0,         -50, -30, -30, -30, -30, -30, -30, -50
%if pst_rook - pst != ROOK * BOARD_SQUARES * 2 || pst_knight - pst != KNIGHT * BOARD_SQUARES * 2 || pst_bishop - pst != BISHOP * BOARD_SQUARES * 2 || pst_queen - pst != QUEEN * BOARD_SQUARES * 2 || pst_king - pst != KING * BOARD_SQUARES * 2 || pst_pawn - pst != PAWN * BOARD_SQUARES * 2 || pst_king_end - pst != PIECE_KINDS * BOARD_SQUARES * 2
  %error "the piece-square tables must follow the piece codes"
%endif

; phase_weight -- what each piece code adds to the game phase, ROOK .. PAWN.
phase_weight    db PHASE_ROOK, PHASE_KNIGHT, PHASE_BISHOP, PHASE_QUEEN, 0, 0
%if $ - phase_weight != PIECE_KINDS
  %error "one phase weight a piece code"
%endif

        section .text

; eval_position -- the static score of the position (Michniewski's material and
;                  piece-square tables; the king's tables blended by the game phase)
; IN:  the position
; OUT: EAX = the score in centipawns from the side to move's view
; CHG: nothing else
eval_position:
        push ebx
        push ecx
        push edx
        push esi
        xor edx, edx                ; EDX = white - black, all but the kings
        xor cx, cx                  ; CL = the game phase
        xor esi, esi                ; SI = the square
.square:
        movzx ebx, byte [carreau + si]
        cmp bl, EMPTY
        je .next
        and bl, PIECE_MASK
        add cl, [phase_weight + bx]
        cmp bl, KING
        je .next                    ; the kings are scored after the phase is known
        shl bx, ROW_BITS_SQUARES
        test byte [carreau + si], WHITE
        jz .black
        or bx, si
        movsx eax, word [pst + ebx * 2]
        add edx, eax
        jmp .next
.black: mov ax, si
        xor al, FLIP_RANKS
        or bl, al
        movsx eax, word [pst + ebx * 2]
        sub edx, eax
.next:  inc si
        cmp si, BOARD_SQUARES
        jb .square
        cmp cl, PHASE_FULL          ; early promotions can pass the full phase
        jbe .kings
        mov cl, PHASE_FULL
.kings: push edx                    ; the sum so far
        movzx ecx, cl               ; ECX = the phase
        movzx ebx, byte [KING_SQ(WHITE)]
        movzx esi, byte [KING_SQ(BLACK)]
        xor si, FLIP_RANKS
        movsx eax, word [pst_king + ebx * 2] ; the middle-game difference, by the phase
        movsx edx, word [pst_king + esi * 2]
        sub eax, edx
        imul eax, ecx
        movsx edx, word [pst_king_end + ebx * 2] ; the end-game one, by what is gone
        movsx ebx, word [pst_king_end + esi * 2]
        sub edx, ebx
        neg ecx
        add ecx, PHASE_FULL
        imul edx, ecx
        add eax, edx
        cdq
        mov ecx, PHASE_FULL
        idiv ecx
        pop edx
        add eax, edx
        cmp byte [side], WHITE
        je .done
        neg eax
.done:  pop esi
        pop edx
        pop ecx
        pop ebx
        ret
