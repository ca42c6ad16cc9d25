; eval.asm -- the static evaluation the search stands on: material and piece placement.
; Liberman's positional logic weighs material by his list of values (exchange.asm); the
; search that picks the move to play (search.asm) needs a score for a quiet position,
; and takes it from Ronald Friederich's PeSTO (chessprogramming.org, "PeSTO's Evaluation
; Function"; pesto.asm): a middle-game and an end-game value for every piece on every
; square, kept as two sums and blended by the game phase (PHASE_FULL with every piece on
; the board, 0 with pawns and kings alone).  Beyond PeSTO: passed pawns by how far they
; have come (more in the end game) and the pawns' faults (pawns.asm), the pawns before a
; castled king (KING_SHIELD), and a lone king driven to the edge with the other king
; brought near it (the mop-up), so that K+Q and K+R against K are mated rather than
; walked around; evalpieces.asm's terms (bishop pair, rooks on files without pawns,
; material that cannot win); and TEMPO_CP for the side to move, whose move in hand is
; worth something (stockfish's evaluation of our games' quiet positions gives it 15 cp
; on our scale).  The sums are kept move by move in eval_state and kept a ply in the
; score segment (FS) by eval_move.

        section .data

; la_table_square -- Los Alamos chess reads the same tables, the 6x6 board stretched over
; them: its files a..f and its ranks 1..6 are the 8x8 tables' a b d e g h and 1 2 4 5 7
; 8 (i -> i + i/2).  So its middle, c3 d3 c4 d4, reads the 8x8 middle d4 e4 d5 e5; a
; pawn one step from promotion (rank 5) reads rank 7; the back rank stays the back rank,
; and each colour reads the board from its own side (eval_table_square mirrors black
; across the 6x6 board's middle, not the 8x8 one's: reading the 8x8 corner a1..f6 as it
; is gave white and black different tables, and lopsided play).  By square index, white's
; view; 0 off the 6x6 board (an empty square, never read).
%define LA_STRETCH(i) ((i) + (i) / 2)
la_table_square:
%assign sq 0
%rep BOARD_SQUARES
  %assign ff sq % FILES
  %assign rr sq / FILES
  %if ON_LOS_ALAMOS_BOARD(ff, rr)
        db SQUARE(LA_STRETCH(ff), LA_STRETCH(FILES - 1 - rr) + 1)
  %else
        db 0
  %endif
  %assign sq sq + 1
%endrep

; phase_weight -- what each piece code adds to the game phase, ROOK .. PAWN.
phase_weight    db PHASE_ROOK, PHASE_KNIGHT, PHASE_BISHOP, PHASE_QUEEN, 0, 0
%if $ - phase_weight != PIECE_KINDS
  %error "one phase weight a piece code"
%endif
phase_full      dd PHASE_FULL       ; eval_position's divisor of the blend

        section .bss

; eval_state -- the sums kept move by move, EVAL_STATE_BYTES that eval_move keeps a ply
eval_state:
eval_psq        resd 1              ; PSQ_PACK(middle, end) of the pieces' values and
                                    ; squares, white's less black's, no kings;
                                    ; the bishop pairs and the rooks' files
                                    ; (evalpieces.asm)
eval_rook       resd 1              ; evalpieces.asm: the rooks on files without pawns,
                                    ; PSQ_PACK(middle, end): the part of eval_psq they are
eval_phase      resb 2              ; each side's share of the game phase, [0] black's, [1]
                                    ; white's (promotions can take the sum past full)
eval_pairs      resb 1              ; evalpieces.asm: PAIR_WHITE, PAIR_BLACK: the bishop
                                    ; pairs eval_psq holds
                resb 1              ; (eval_move copies dwords)
%if $ - eval_state != EVAL_STATE_BYTES
  %error "eval_move keeps EVAL_STATE_BYTES"
%endif
eval_frozen     resb 1              ; 1: eval_move keeps the rooks' files (eval_rook)

        section .text

; eval_compute -- the sums eval_position reads, from nothing
; IN:  the position
; OUT: eval_state, pawn_rows, pawn_key
; CHG: nothing
eval_compute:
        pushad
        xor edx, edx                ; EDX = the sum
        mov [eval_phase], dx
        mov [eval_rook], edx        ; (eval_rook_files adds its change to eval_psq)
        mov [pawn_key], edx
        mov [eval_pairs], dl
        mov bx, PAWN_ROWS_BYTES - 4
.clear: mov [pawn_rows + bx], edx
        sub bx, 4
        jns .clear
        xor ebx, ebx                ; BL = the square
.square:
        mov cl, [carreau + bx]
        call eval_piece
        add edx, eax
        test cl, EMPTY
        jnz .next
        call eval_phase_share
        add [eval_phase + di], al
        mov al, cl
        and al, PIECE_MASK
        cmp al, PAWN
        jne .next
        call eval_pawn_flip
.next:  inc bx
        cmp bx, BOARD_SQUARES
        jb .square
        mov [eval_psq], edx
        call eval_pairs_update      ; (after the store: they add to eval_psq)
        call eval_rook_files
        popad
        ret

; eval_move_plain -- eval_move for a chess move that neither promotes, castles nor takes
;                    en passant: the mover's square bonus changes, what it takes leaves
; IN:  as eval_move, the registers pushed (pushad) and the sums kept
; OUT, CHG: as eval_move
eval_move_plain:
        PAWNS_MOVE
        mov ecx, eax
        MOVE_TO_LOW ecx             ; CL = the to square, CH = the content taken
        cmp ch, EMPTY
        jne .capture
        test ah, PIECE_MASK
        jnz .squares                ; most moves: a quiet move of another piece than a rook
        mov dl, al
        xor dl, cl
        test dl, FILE_MASK
        jz .squares                 ; the rook stays on its file
        cmp byte [eval_frozen], 0
        jne .squares
        call eval_rook_shift        ; it changes file: the two files' worth
        jmp .squares
.capture:
        mov dl, ch
        and dl, PIECE_MASK
        cmp dl, BISHOP
        jne .files
        call eval_pairs_update
.files: cmp byte [eval_frozen], 0
        jne .squares
        test dl, dl
        jz .recount                 ; a rook is taken
        cmp dl, PAWN
        je .recount                 ; a pawn is taken
        mov dl, ah
        and dl, PIECE_MASK
        jz .recount                 ; a rook takes
        cmp dl, PAWN
        jne .squares                ; a pawn takes: it changes file
.recount:
        call eval_rook_files
.squares:
        movzx ebx, ah
        and bl, PIECE_MASK
        cmp bl, KING
        je .taken                   ; the kings are weighed in eval_position
        shl bx, ROW_BITS_SQUARES    ; the piece's table
        movzx edx, cl               ; EDX = the to square, ESI = the from square
        movzx esi, al
        and si, SQUARE_MASK
        test ah, WHITE
        jnz .white
        xor dl, FLIP_RANKS          ; black reads the table from its own side, and its
        xor si, FLIP_RANKS          ; gain counts against white: the two squares
        xchg edx, esi               ; swapped
.white: or dx, bx
        or si, bx
        mov edx, [pst + edx * 4]
        sub edx, [pst + esi * 4]
        add [eval_psq], edx
.taken: cmp ch, EMPTY               ; the piece taken, inline (quiescence's moves
        je .done                    ; are captures): the other colour's
        movzx ebx, ch
        and bl, PIECE_MASK
        mov al, [phase_weight + bx]
        movzx di, ch
        shr di, COLOUR_SHIFT
        sub [eval_phase + di], al
        shl bx, ROW_BITS_SQUARES
        movzx edx, cl
        test ch, WHITE
        jnz .white_taken
        xor dl, FLIP_RANKS          ; a black piece: its table read from its own side,
        or dx, bx                   ; counted against white
        mov edx, [pst + edx * 4]
        add [eval_psq], edx
        popad
        ret
.white_taken:
        or dx, bx
        mov edx, [pst + edx * 4]
        sub [eval_psq], edx
.done:  popad
        ret

; eval_phase_share -- what a piece adds to its side's share of the game phase
; IN:  CL = the content (a piece; promotion bits ignored)
; OUT: AL = its phase weight; DI = its colour's index into eval_phase
; CHG: nothing else
eval_phase_share:
        movzx di, cl
        and di, PIECE_MASK
        mov al, [phase_weight + di]
        movzx di, cl
        shr di, COLOUR_SHIFT
        and di, 1
        ret

; eval_piece -- what a piece on a square adds to eval_psq: its value and square bonus,
;               negative for black; 0 for a king or an empty square
; IN:  CL = the content (promotion bits ignored); BL = the square (kind bits ignored)
; OUT: EAX = the signed contribution, PSQ_PACK(middle, end)
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
        call eval_table_square
        movzx edx, dl
        shl dx, ROW_BITS_SQUARES
        or bx, dx
        mov eax, [pst + ebx * 4]    ; the value and the square, both phases
        test cl, WHITE
        jnz .done
        neg eax
.done:  pop edx
        pop ebx
        ret

; eval_table_square -- the square a piece's tables are read at: its own for white, the
;                      mirror across the board's middle rank for black; on the 6x6 board
;                      then stretched over the 8x8 tables (la_table_square)
; IN:  BL = the square (0..63); CL's WHITE bit = the piece's colour; [variant]
; OUT: BL = the tables' square
; CHG: nothing else
eval_table_square:
        test cl, WHITE
        jnz .white
        xor bl, FLIP_RANKS          ; black reads the table from its own side
        cmp byte [variant], VARIANT_LOS_ALAMOS
        jne .done
        add bl, (FILES - LA_RANKS) * ROW_STEP ; rows 0..5 back onto the 6x6 board's 2..7
.white: cmp byte [variant], VARIANT_LOS_ALAMOS
        jne .done
        push si
        movzx si, bl
        mov bl, [la_table_square + si]
        pop si
.done:  ret

; eval_takeback -- take back the search's last move: the position and the sums before it
;                  (move_unmake inside this routine's pushad: the search's hot path)
; IN:  ES:SI -> the move last made by search_play / search_play_unkeyed (the chain's
;      record, so that the caller's EAX stays its own); FS = the score segment
; OUT: the position before it; eval_state, pawn_rows, pawn_key as they were
; CHG: nothing
eval_takeback:
        pushad
        mov eax, [es:si]
        call move_unmake            ; [ply] - 1: the move's own ply, where eval_move kept
        PAWNS_MOVE                  ; the sums
        movzx bx, byte [ply]
        imul bx, bx, EVAL_STATE_BYTES
        mov eax, [fs:EVAL_STACK_BASE + bx]
        mov [eval_state], eax
        mov eax, [fs:EVAL_STACK_BASE + bx + 4]
        mov [eval_state + 4], eax
        mov eax, [fs:EVAL_STACK_BASE + bx + 8]
        mov [eval_state + 8], eax
        popad
        ret

; eval_move_quiesce -- eval_move for the quiescence search's captures: the rooks' files
;                      stay as the last move of the full-width search left them (most
;                      nodes are the quiescence's, and most of its captures take or move
;                      a pawn)
; IN, OUT, CHG: as eval_move
eval_move_quiesce:
        mov byte [eval_frozen], 1
        jmp eval_move_sums

; eval_move -- keep the sums at the move's ply for eval_takeback, then bring them up to
;              date after the move: the piece leaves its square, lands (or its promotion
;              lands), the piece taken leaves, a castling rook moves; the rooks' files
;              are counted again when a rook or a pawn changes
; IN:  EAX = the move just made by move_make ([ply] one past the move's); the position
;      after it; FS = the score segment
; OUT: eval_state, pawn_rows, pawn_key; the move's EVAL_STACK_BASE entry
; CHG: nothing
eval_move:
        mov byte [eval_frozen], 0

; eval_move_sums -- eval_move as [eval_frozen] says
; IN, OUT, CHG: as eval_move
eval_move_sums:
        pushad                      ; (popad in eval_move_any, eval_move_plain)
eval_move_pushed:                   ; (search_play's entry, its pushad done)
        movzx bx, byte [ply]
        imul bx, bx, EVAL_STATE_BYTES
        mov ecx, [eval_state]
        mov [fs:EVAL_STACK_BASE - EVAL_STATE_BYTES + bx], ecx
        mov ecx, [eval_state + 4]
        mov [fs:EVAL_STACK_BASE - EVAL_STATE_BYTES + bx + 4], ecx
        mov ecx, [eval_state + 8]
        mov [fs:EVAL_STACK_BASE - EVAL_STATE_BYTES + bx + 8], ecx
        test eax, [geometry + board_geometry.eval_any_bits] ; (a promotion, castling, en
        jz eval_move_plain          ; passant; on the 6x6 board every move)
%if (KIND_EP & KIND_CASTLE) == 0 || (KIND_DOUBLE & KIND_CASTLE) != 0
  %error "castling and en passant must be the kinds with KIND_CASTLE's bit"
%endif

; eval_move_any -- eval_move for any move
; IN:  as eval_move, the registers pushed (pushad) and the sums kept
; OUT, CHG: as eval_move
eval_move_any:
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
        push ebx
        push ecx
        push edx
        PAWNS_MOVE
        pop edx
        pop ecx
        pop ebx
        test ah, PROMO_FLAG
        jz .taken
        call eval_phase_share
        add [eval_phase + di], al
.taken: mov ecx, esi
        MOVE_CAPTURED_LOW ecx       ; CL = the content taken
        cmp cl, EMPTY
        je .kind
        call eval_piece
        sub edx, eax
        call eval_phase_share
        sub [eval_phase + di], al
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
        call eval_pairs_update      ; (after the store: it adds to eval_psq)
        call eval_recount
        popad
        ret

; KING_SHIELD king, files, shift, table, op -- the pawns before a castled king, middle
; game: a king on its own first two ranks, on the a, b, c, f, g or h file, gets
; SHIELD_NEAR for each of its file and the two beside it with a pawn of its side one
; step before the king's first rank, else SHIELD_FAR with one two steps before
; IN:  king = its square from its own side (row 7: its first rank); files = its colour's
;      PAWN_ROWS_*; shift = the lower of that colour's rows of the first and second step
;      (bits shift and shift + 1 of each file's byte); table = the 64 scores by those
;      bits of the 3 files
; OUT: ESI op the score
; CHG: EAX, ECX (32-bit: jecxz tests ECX)
%macro KING_SHIELD 5
        movzx ecx, byte [shield_file + %1]
        jecxz %%done
        mov eax, [pawn_rows + %2 - 2 + ecx]
        and eax, SHIELD_BYTES_BITS << %3
        imul eax, eax, SHIELD_GATHER >> %3 ; the three files' two bits side by side at the
        shr eax, SHIELD_INDEX_SHIFT ; top (each product's bits apart: no carry)
        movsx eax, byte [%4 + eax]
        %5 esi, eax
%%done:
%endmacro

        section .data

; shield_white, shield_black -- KING_SHIELD's scores by the bits of three files: white's
; bit 0 is a pawn two steps before the king's rank (rank 3), bit 1 one step (rank 2);
; black's bit 0 one step (rank 7), bit 1 two steps (rank 6)
%macro SHIELD_TABLE 2
  %assign i 0
  %rep 1 << (3 * SHIELD_FILE_BITS)
    %assign v 0
    %assign f 0
    %rep 3
      %assign b (i >> (f * SHIELD_FILE_BITS)) & 3
      %if b & %1
        %assign v v + SHIELD_NEAR
      %elif b & %2
        %assign v v + SHIELD_FAR
      %endif
      %assign f f + 1
    %endrep
        db v
    %assign i i + 1
  %endrep
%endmacro
; shield_file -- by a king's square from its own side: 1 + its file where KING_SHIELD
; counts (its own first two ranks, the a, b, c, f, g and h files), else 0
shield_file:
  %assign sq 0
  %rep BOARD_SQUARES
    %if sq >= SHIELD_FIRST_SQUARE && (SHIELD_FILES >> (sq & FILE_MASK)) & 1
        db (sq & FILE_MASK) + 1
    %else
        db 0
    %endif
    %assign sq sq + 1
  %endrep
shield_white:   SHIELD_TABLE 2, 1
shield_black:   SHIELD_TABLE 1, 2

        section .text

; eval_position -- the static score of the position (PeSTO's values and tables, the
;                  passed pawns and the other sums blended by the game phase; the mop-up
;                  of a lone king; the tempo, less the pawns' threats against the side
;                  to move)
; IN:  [eval_psq], [eval_phase], pawn_rows up to date (eval_compute, then eval_move /
;      eval_takeback at each move); the kings' squares; [side]
; OUT: EAX = the score in centipawns from the side to move's view
; CHG: nothing else
eval_position:
        pushad                      ; (popad below, EAX put in its slot first)
%ifdef EVAL_VERIFY
        call eval_verify            ; the checking build (evalverify.asm)
%endif
        EVAL_PASSED .passed_miss    ; ESI = the packed sum of the terms beyond the
.passed:                            ; pieces' (PSQ_PACK), taken apart with theirs
        cmp byte [variant], VARIANT_LOS_ALAMOS
        je .stretched
        movzx edx, byte [KING_SQ(BLACK)] ; chess, without eval_table_square's calls
        xor dl, FLIP_RANKS          ; (every node pays them): black's from its side
        movzx ebx, byte [KING_SQ(WHITE)]
        KING_SHIELD ebx, PAWN_ROWS_WHITE, SHIELD_SHIFT_WHITE, shield_white, add
        KING_SHIELD edx, PAWN_ROWS_BLACK, SHIELD_SHIFT_BLACK, shield_black, sub
%ifdef KING_ATTACK
        call eval_king_attack       ; a candidate (evalpieces.asm): the middle game's
        add esi, eax
%endif
%ifdef MOBILITY
        call eval_mobility          ; a candidate (evalpieces.asm)
        imul eax, eax, PSQ_BOTH
        add esi, eax
%endif
%ifdef ROOK_SEVENTH
        ; A candidate (Fruit 2.1): each rook on the 7th rank, where the enemy's pawns still
        ; stand or its king is shut in on the 8th, ROOK_SEVENTH_MIDDLE / _END
        mov eax, [PIECE_SET(ROOK_W)]
        and eax, SEVENTH_W_BITS
        jz .r7black
        test dword [PIECE_SET(PAWN_B)], SEVENTH_W_BITS
        jnz .r7white
        cmp byte [KING_SQ(BLACK)], (FIRST_ROW + 1) * ROW_STEP
        jae .r7black
.r7white:
        add esi, PSQ_PACK(ROOK_SEVENTH_MIDDLE, ROOK_SEVENTH_END)
        lea ecx, [eax - 1]
        and eax, ecx
        jnz .r7white
.r7black:
        mov eax, [PIECE_SET(ROOK_B) + SET_BYTES / 2]
        and eax, SEVENTH_B_BITS
        jz .r7done
        test dword [PIECE_SET(PAWN_W) + SET_BYTES / 2], SEVENTH_B_BITS
        jnz .r7count
        cmp byte [KING_SQ(WHITE)], LAST_ROW * ROW_STEP
        jb .r7done
.r7count:
        sub esi, PSQ_PACK(ROOK_SEVENTH_MIDDLE, ROOK_SEVENTH_END)
        lea ecx, [eax - 1]
        and eax, ecx
        jnz .r7count
.r7done:
%endif
.kings:
        mov eax, [pst + (KING << ROW_BITS_SQUARES) * 4 + ebx * 4] ; the kings' squares
        sub eax, [pst + (KING << ROW_BITS_SQUARES) * 4 + edx * 4]
        add eax, [eval_psq]         ; and the pieces': the packed sums taken apart
        add eax, esi
        movsx esi, ax               ; ESI = the middle-game sum, EDI = the end-game one
        lea edi, [eax + PSQ_PACK(0, 1) / 2] ; (a negative middle-game half borrowed from
        sar edi, 16                 ; the end)
        movzx ecx, byte [eval_phase + (BLACK >> COLOUR_SHIFT)]
        add cl, [eval_phase + (WHITE >> COLOUR_SHIFT)]
        cmp cl, PHASE_FULL          ; early promotions can pass the full phase
        jbe .blend
        mov cl, PHASE_FULL
.blend: sub esi, edi                ; the middle-game sum by the phase, the end-game one
        imul esi, ecx               ; by what is gone: (middle - end) x phase + end x
        imul eax, edi, PHASE_FULL   ; the full phase
        add eax, esi
        cdq
        idiv dword [phase_full]
        cmp byte [eval_phase + (BLACK >> COLOUR_SHIFT)], 0
        je .ending
        cmp byte [eval_phase + (WHITE >> COLOUR_SHIFT)], 0
        jne .side
.ending:
        call eval_runners
        call eval_mop_up
.side:  cmp byte [side], WHITE       ; the move in hand less the pawns' threats, the
        jne .black                  ; scale of a lead that cannot win, the side's view
        EVAL_THREATS WHITE, add
        EVAL_DRAW_SCALE
        jmp .done
.black: EVAL_THREATS BLACK, sub
        EVAL_DRAW_SCALE
        neg eax
.done:  mov bp, sp
        mov [bp + PUSHAD_EAX], eax
        popad
        ret
.passed_miss:
        call eval_passed_miss
        jmp .passed
.stretched:
        movzx ebx, byte [KING_SQ(BLACK)]
        mov cl, BLACK
        call eval_table_square
        mov edx, ebx
        movzx ebx, byte [KING_SQ(WHITE)]
        mov cl, WHITE
        call eval_table_square
        jmp .kings

; eval_mop_up -- a side left with its king alone against a rook's worth of pieces or
;                more: MOPUP_EDGE for each step its king stands from the centre, and
;                MOPUP_NEAR for each step the kings stand closer than MOPUP_FAR, to the
;                other side
; IN:  EAX = the score from white's view; [eval_phase], pawn_rows, the kings' squares
; OUT: EAX with the mop-up added
; CHG: EBX, ECX, EDX, SI
eval_mop_up:
        mov cx, [eval_phase]        ; CL = black's share, CH = white's
        mov bl, [KING_SQ(BLACK)]
        mov dl, [KING_SQ(WHITE)]
        mov si, PAWN_ROWS_BLACK
        test cl, cl
        jz .lone
        test ch, ch
        jnz .done                   ; both sides have pieces
        xchg cl, ch                 ; white has none: seen from white
        xchg bl, dl
        mov si, PAWN_ROWS_WHITE
.lone:  cmp ch, MOPUP_MIN_PHASE
        jb .done
        cmp dword [pawn_rows + si], 0
        jne .done
        cmp dword [pawn_rows + si + 4], 0
        jne .done
        call eval_mop_up_term
        cmp si, PAWN_ROWS_WHITE
        je .white
        add eax, ecx
        ret
.white: sub eax, ecx
.done:  ret

; eval_mop_up_term -- the mop-up bonus of the side against a lone king
; IN:  BL = the lone king's square, DL = the other king's
; OUT: ECX = the bonus (not negative)
; CHG: BX, DX
eval_mop_up_term:
        push eax
        mov al, bl
        call eval_centre_steps
        imul ecx, eax, MOPUP_EDGE
        mov al, bl                  ; the distance between the kings, file and row
        and al, FILE_MASK
        mov ah, dl
        and ah, FILE_MASK
        sub al, ah
        jns .file
        neg al
.file:  and bl, ROW_MASK
        and dl, ROW_MASK
        sub bl, dl
        jns .row
        neg bl
.row:   shr bl, ROW_SHIFT
        add al, bl
        movzx eax, al
        neg eax
        add eax, MOPUP_FAR
        imul eax, eax, MOPUP_NEAR
        add ecx, eax
        pop eax
        ret

; eval_centre_steps -- how far a square stands from the four centre squares, in file
;                      and row steps (0 in the centre, 6 in a corner; on the 6x6 board
;                      read through la_table_square, so c3 d3 c4 d4 are its centre)
; IN:  AL = the square; [variant]
; OUT: EAX = the steps
; CHG: nothing else
eval_centre_steps:
        push bx
        cmp byte [variant], VARIANT_LOS_ALAMOS
        jne .board
        movzx bx, al                ; the 6x6 board stretched: its centre on the 8x8 one
        mov al, [la_table_square + bx]
.board: mov bl, al
        and al, FILE_MASK
        shr bl, ROW_SHIFT
        and bl, FILE_MASK
        cmp al, FILES / 2           ; a file from the e file on mirrors to the d side
        jb .file
        xor al, FILE_MASK
.file:  cmp bl, FILES / 2
        jb .row
        xor bl, FILE_MASK
.row:   add al, bl                  ; steps from the edge, 0 .. 6
        neg al
        add al, 2 * (FILES / 2 - 1)
        movzx eax, al
        pop bx
        ret
