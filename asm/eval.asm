; eval.asm -- the static evaluation the search stands on: material and piece placement.
; Liberman's positional logic weighs material by his list of values (exchange.asm); the
; search that picks the move to play (search.asm) needs a score for a quiet position,
; and takes it from Tomasz Michniewski's "Simplified Evaluation Function" (posted to the
; Polish progszach list; chessprogramming.org/Simplified_Evaluation_Function): piece
; values P 100, N 320, B 330, R 500, Q 900 centipawns and his piece-square tables.  The
; king's middle-game and end-game tables are blended by the game phase (PHASE_FULL with
; every piece on the board, 0 with pawns and kings alone), and so is a bonus for pawns
; that advance in the end game (pawn_end).

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
%if pst_rook - pst != ROOK * BOARD_SQUARES * 2 || pst_knight - pst != KNIGHT * BOARD_SQUARES * 2
  %error "the piece-square tables must follow the piece codes"
%elif pst_bishop - pst != BISHOP * BOARD_SQUARES * 2 || pst_queen - pst != QUEEN * BOARD_SQUARES * 2
  %error "the piece-square tables must follow the piece codes"
%elif pst_king - pst != KING * BOARD_SQUARES * 2 || pst_pawn - pst != PAWN * BOARD_SQUARES * 2
  %error "the piece-square tables must follow the piece codes"
%elif pst_king_end - pst != PIECE_KINDS * BOARD_SQUARES * 2
  %error "the piece-square tables must follow the piece codes"
%endif

; pawn_end -- what a pawn gains by row in the end game, beyond Michniewski's table, so
; that the search pushes pawns when the pieces are gone (blended in by the phase like
; the king's end-game table).  Rank 8 first, as the tables.
pawn_end        db 0, 80, 50, 30, 15, 5, 0, 0
%if $ - pawn_end != BOARD_SQUARES / ROW_STEP
  %error "one bonus a row"
%endif

; phase_weight -- what each piece code adds to the game phase, ROOK .. PAWN.
phase_weight    db PHASE_ROOK, PHASE_KNIGHT, PHASE_BISHOP, PHASE_QUEEN, 0, 0
%if $ - phase_weight != PIECE_KINDS
  %error "one phase weight a piece code"
%endif

        section .bss

eval_psq        resd 1              ; white's less black's, no kings: material + squares in
                                    ; the low word, pawn_end's sum above EVAL_END_SHIFT
eval_phase      resb 1              ; the game phase (promotions can take it past full)
eval_stack      resq MAX_PLY        ; by [ply]: eval_psq and eval_phase before its move

        section .text

; eval_compute -- the sums eval_position reads, from nothing
; IN:  the position
; OUT: [eval_psq], [eval_phase]
; CHG: nothing
eval_compute:
        pushad
        xor edx, edx                ; EDX = the sum, CL = the phase
        xor cx, cx
        xor ebx, ebx                ; BL = the square
.square:
        push cx
        mov cl, [carreau + bx]
        call eval_piece
        movzx cx, cl
        and cl, PIECE_MASK
        mov si, cx
        pop cx
        add edx, eax
        test byte [carreau + bx], EMPTY
        jnz .next
        add cl, [phase_weight + si]
.next:  inc bx
        cmp bx, BOARD_SQUARES
        jb .square
        mov [eval_psq], edx
        mov [eval_phase], cl
        popad
        ret

; eval_piece -- what a piece on a square adds to eval_psq: its value and square bonus in
;               the low word, a pawn's end-game bonus (pawn_end) << EVAL_END_SHIFT,
;               negative for black; 0 for a king or an empty square
; IN:  CL = the content (promotion bits ignored); BL = the square (kind bits ignored)
; OUT: EAX = the signed contribution
; CHG: nothing else
eval_piece:
        push ebx
        push edx
        xor eax, eax
        test cl, EMPTY
        jnz .done
        mov dl, cl
        and dl, PIECE_MASK
        cmp dl, KING
        je .done
        movzx ebx, bl
        and bl, SQUARE_MASK
        test cl, WHITE
        jnz .placed
        xor bl, FLIP_RANKS          ; black reads the table from its own side
.placed:
        cmp dl, PAWN
        jne .table
        push bx
        shr bx, ROW_SHIFT
        movzx eax, byte [pawn_end + bx]
        shl eax, EVAL_END_SHIFT
        pop bx
.table: movzx edx, dl
        shl dx, ROW_BITS_SQUARES
        or bx, dx
        movsx edx, word [pst + ebx * 2]
        add eax, edx
        test cl, WHITE
        jnz .done
        neg eax
.done:  pop edx
        pop ebx
        ret

; eval_save -- keep the sums before a move is made (the search's make)
; IN:  [ply] of the move to come
; OUT: eval_stack entry of that ply
; CHG: nothing
eval_save:
        push eax
        push bx
        movzx bx, byte [ply]
        shl bx, LIST_SHIFT          ; a qword an entry
        mov eax, [eval_psq]
        mov [eval_stack + bx], eax
        mov al, [eval_phase]
        mov [eval_stack + bx + 4], al
        pop bx
        pop eax
        ret

; eval_restore -- the sums back as they were before the move just taken back
; IN:  [ply] of that move
; OUT: [eval_psq], [eval_phase]
; CHG: nothing
eval_restore:
        push eax
        push bx
        movzx bx, byte [ply]
        shl bx, LIST_SHIFT
        mov eax, [eval_stack + bx]
        mov [eval_psq], eax
        mov al, [eval_stack + bx + 4]
        mov [eval_phase], al
        pop bx
        pop eax
        ret

; eval_move -- bring the sums up to date after a move: the piece leaves its square,
;              lands (or its promotion lands), the piece taken leaves, a castling rook
;              moves
; IN:  EAX = the move just made by move_make; the position after it
; OUT: [eval_psq], [eval_phase]
; CHG: nothing
eval_move:
        pushad
        mov esi, eax
        mov edx, [eval_psq]
        mov cl, ah                  ; the piece leaves
        mov bl, al
        call eval_piece
        sub edx, eax
        mov ebx, esi
        MOVE_TO_LOW ebx
        and bx, SQUARE_MASK         ; BX = the to square
        mov cl, [carreau + bx]      ; what lands there
        call eval_piece
        add edx, eax
        mov eax, esi
        test ah, PROMO_FLAG
        jz .taken
        movzx di, cl
        and di, PIECE_MASK
        mov al, [phase_weight + di]
        add [eval_phase], al
.taken: mov ecx, esi
        MOVE_CAPTURED_LOW ecx       ; CL = the content taken
        cmp cl, EMPTY
        je .kind
        call eval_piece
        sub edx, eax
        movzx di, cl
        and di, PIECE_MASK
        mov al, [phase_weight + di]
        sub [eval_phase], al
.kind:  mov eax, esi
        and al, KIND_MASK
        cmp al, KIND_EP
        je .en_passant
        cmp al, KIND_CASTLE
        jne .done
        call castle_rook_path       ; BX = the king's square -> the rook's two squares
        mov cl, [carreau + bx]
        call eval_piece
        add edx, eax
        mov bx, si
        call eval_piece
        sub edx, eax
        jmp .done
.en_passant:
        mov eax, esi                ; the pawn taken: the side now to move's, on the
        mov bl, al                  ; mover's row and the to square's file
        and bl, ROW_MASK
        MOVE_TO_LOW esi
        and si, FILE_MASK
        or bx, si
        mov cl, [side]
        or cl, PAWN
        call eval_piece
        sub edx, eax
.done:  mov [eval_psq], edx
        popad
        ret

; eval_position -- the static score of the position (Michniewski's material and
;                  piece-square tables; the king's tables and the pawns' end-game bonus
;                  blended by the game phase)
; IN:  [eval_psq], [eval_phase] up to date (eval_compute, then eval_move / eval_restore
;      at each move); the kings' squares; [side]
; OUT: EAX = the score in centipawns from the side to move's view
; CHG: nothing else
eval_position:
        push ebx
        push ecx
        push edx
        push esi
        movzx ecx, byte [eval_phase]
        cmp cl, PHASE_FULL          ; early promotions can pass the full phase
        jbe .kings
        mov cl, PHASE_FULL
.kings: movzx ebx, byte [KING_SQ(WHITE)]
        movzx esi, byte [KING_SQ(BLACK)]
        xor si, FLIP_RANKS
        movsx eax, word [pst_king + ebx * 2] ; the middle-game difference, by the phase
        movsx edx, word [pst_king + esi * 2]
        sub eax, edx
        imul eax, ecx
        movsx edx, word [pst_king_end + ebx * 2] ; the end-game one, by what is gone
        movsx ebx, word [pst_king_end + esi * 2]
        sub edx, ebx
        mov esi, [eval_psq]         ; with the pawns' end-game bonus
        movsx ebx, si
        sub esi, ebx
        sar esi, EVAL_END_SHIFT
        add edx, esi
        neg ecx
        add ecx, PHASE_FULL
        imul edx, ecx
        add eax, edx
        cdq
        mov ecx, PHASE_FULL
        idiv ecx
        movsx edx, word [eval_psq]
        add eax, edx
        cmp byte [side], WHITE
        je .done
        neg eax
.done:  pop esi
        pop edx
        pop ecx
        pop ebx
        ret
