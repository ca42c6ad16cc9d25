; attack.asm -- the attack test (Liberman 1997 part 3: VERROI, its answer in GOLPE): is a
; square attacked by the other colour?  Asked for the king's steps, castling and en
; passant (movegen.asm), by the check tests and the mate logic; and the names each
; colour's code is assembled with (SIDE_NAMES), which the generator (movegen.asm) and
; the counter (movecount.asm) share with it, with the walks along a line they share.
;
; attacked_white and attacked_black are assembled once per colour (ATTACK_SIDE); a
; knight's squares and a pawn's are read off tables, a line is walked only when an
; enemy slider stands on it.

; ---------------------------------------------------------------------------------------
; Pieces of the per-colour routines (here, movegen.asm, movecount.asm).  They use the
; names SIDE_NAMES defines: OWN, ENEMY, JOWN (jump if the content compared with EMPTY
; is one's own piece), JNOT_OWN, JENEMY, JNOT_ENEMY, and the pawn rows START_ROW,
; PROMO_ROW, QUEENING_ROW (operands: white's are read from `geometry`, as they move on
; the 6x6 board; black's are constants) and FORWARD.

%define LINE_PIECE(d) (((d) < BISHOP_DIR_FIRST) * ROOK + ((d) >= BISHOP_DIR_FIRST) * BISHOP)

; FIRST_PIECE d, start, none -- BX from a square (`start`: an instruction that puts it in
; BX or BL) along direction d to the first piece; to `none` if the line is empty to the
; edge.  SI = the square * DIRECTIONS.  CHG: BX, CX
%macro FIRST_PIECE 3
        movzx cx, byte [ray_len + si + %1]
        jcxz %3
        %2
%%step: add bl, DIR_DELTA(%1)
        cmp byte [carreau + bx], EMPTY
        loope %%step                ; (3 instructions an empty square)
        je %3                       ; empty to the edge
%endmacro

; ATTACK_RAY d -- inside attacked_*: jump to .yes if the first piece along direction d
; from square BP is an enemy slider that moves this way.  SI = BP * DIRECTIONS.
%macro ATTACK_RAY 1
        FIRST_PIECE %1, {mov bx, bp}, %%done
        mov al, [carreau + bx]
        cmp al, ENEMY | QUEEN
        je .yes
        cmp al, ENEMY | LINE_PIECE(%1)
        je .yes
%%done:
%endmacro

; DIAGONAL_SLIDER_IN found -- to `found` if an enemy bishop or queen is on the lines
; bishop_lines[SI] (SI = square * 8); CHG: EAX
%macro DIAGONAL_SLIDER_IN 1
        mov eax, [PIECE_SET(ENEMY | BISHOP)]
        or eax, [PIECE_SET(ENEMY | QUEEN)]
        and eax, [bishop_lines + si]
        jnz %1
        mov eax, [PIECE_SET(ENEMY | BISHOP) + 4]
        or eax, [PIECE_SET(ENEMY | QUEEN) + 4]
        and eax, [bishop_lines + si + 4]
        jnz %1
%endmacro

; ENEMY_ON_FILE none, ENEMY_ON_ROW none -- to `none` if no enemy rook or queen is on
; square CL's file (BX's row, BH = 0), so no line along it needs a walk; CHG: EAX, CL
; (the file's), AL, BX (the row's)
%macro ENEMY_ON_FILE 1
        and cl, FILE_MASK
        mov eax, [PIECE_SET(ENEMY | ROOK)]
        or eax, [PIECE_SET(ENEMY | ROOK) + 4]
        or eax, [PIECE_SET(ENEMY | QUEEN)]
        or eax, [PIECE_SET(ENEMY | QUEEN) + 4]
        shr eax, cl
        test eax, FILE_BITS
        jz %1
%endmacro
%macro ENEMY_ON_ROW 1
        shr bx, ROW_SHIFT
        mov al, [PIECE_SET(ENEMY | ROOK) + bx]
        or al, [PIECE_SET(ENEMY | QUEEN) + bx]
        jz %1
%endmacro

; SIDE_NAMES colour, name -- the names of one colour's code (GEN_SIDE; movecount's COUNT_SIDE),
; assembled once per colour so that Liberman's `cmp cl,EMPTY` keeps its fixed jle / jge
%macro SIDE_NAMES 2
  %define KING_WALK gen_%2_king_walk
  %define PAWN_TAKERS gen_%2_pawn_takers
  %define PAWN_TAKERS_OF gen_%2_takers_of
  %assign OWN %1
  %assign ENEMY (%1) ^ WHITE
  %if OWN == WHITE
    %define JOWN jg                 ; white pieces are above EMPTY
    %define JNOT_OWN jle            ; Liberman: white may enter
    %define JENEMY jl
    %define JNOT_ENEMY jge
    %assign FORWARD FORWARD_W
    %define START_ROW byte [geometry + board_geometry.start_row_w]
    %define PROMO_ROW byte [geometry + board_geometry.promo_row_w]
    %define QUEENING_ROW byte [geometry + board_geometry.queening_row_w]
    %define ATTACKED attacked_white
    %assign HOME_ROW LAST_ROW
    %assign RIGHT_KING_SIDE CASTLE_WK
    %assign RIGHT_QUEEN_SIDE CASTLE_WQ
  %else
    %define JOWN jl                 ; black pieces are below EMPTY
    %define JNOT_OWN jge            ; Liberman: black may enter
    %define JENEMY jg
    %define JNOT_ENEMY jle
    %assign FORWARD FORWARD_B
    %define START_ROW START_ROW_B
    %define PROMO_ROW PROMO_ROW_B
    %define QUEENING_ROW LAST_ROW
    %define ATTACKED attacked_black
    %assign HOME_ROW FIRST_ROW
    %assign RIGHT_KING_SIDE CASTLE_BK
    %assign RIGHT_QUEEN_SIDE CASTLE_BQ
  %endif
%endmacro

; ATTACK_SIDE colour, name -- the attack test of one colour: attacked_<name>.
%macro ATTACK_SIDE 2
        SIDE_NAMES %1, %2

; attacked_<colour> -- is a square attacked by the other colour's pieces? (Liberman: VERROI,
;                      its answer in GOLPE); a knight's squares, a line, only with an enemy there
; IN:  BX = the square (BH = 0); colour_sets of the enemy's pieces (or more)
; OUT: CF set if an enemy piece attacks it
; CHG: nothing
attacked_%2:
        pushad                      ; one instruction for five registers (popad keeps CF)
        movzx ebp, bx               ; (the tables indexed by EBP scaled)
        movzx ax, byte [KING_SQ(ENEMY)]
        bt word [king_zone + ebp * SET_BYTES], ax
        jc .yes
        movzx bx, byte [PAWN_FROM_TABLE(ENEMY) + ebp * PAWN_TAKES]
        cmp byte [carreau + bx], ENEMY | PAWN
        je .yes
        movzx bx, byte [PAWN_FROM_TABLE(ENEMY) + ebp * PAWN_TAKES + 1]
        cmp byte [carreau + bx], ENEMY | PAWN
        je .yes
        mov eax, [knight_zone + ebp * SET_BYTES] ; an enemy knight a jump away
        and eax, [PIECE_SET(ENEMY | KNIGHT)]
        jnz .yes
        mov eax, [knight_zone + ebp * SET_BYTES + 4]
        and eax, [PIECE_SET(ENEMY | KNIGHT) + 4]
        jnz .yes
        lea si, [ebp * SET_BYTES]   ; SI = the square * DIRECTIONS
.rook:  mov cx, bp
        ENEMY_ON_FILE .row
        ATTACK_RAY DIR_N
        ATTACK_RAY DIR_S
.row:   mov bx, bp
        ENEMY_ON_ROW .bishop
        ATTACK_RAY DIR_E
        ATTACK_RAY DIR_W
.bishop:
        DIAGONAL_SLIDER_IN .bishop_rays
        popad                       ; (CF clear: the `and` of the last test)
        ret
.bishop_rays:
  %assign d BISHOP_DIR_FIRST
  %rep LINE_DIRS
        ATTACK_RAY d
    %assign d d + 1
  %endrep
        clc
        popad
        ret
.yes:   stc
        popad
        ret
%endmacro

        section .text
        ATTACK_SIDE WHITE, white
        ATTACK_SIDE BLACK, black

; attacked_king -- is the side to move in check? (Liberman: VERROI on the king, PAH)
; IN:  the position
; OUT: CF set if its king is attacked
; CHG: AX, BX
attacked_king:
        cmp byte [side], WHITE
        je .white
        movzx bx, byte [KING_SQ(BLACK)]
        jmp attacked_black
.white: movzx bx, byte [KING_SQ(WHITE)]
        jmp attacked_white

; attacked_by_enemy -- is a square attacked by the side not to move? (VERROI)
; IN:  BX = the square (BH = 0)
; OUT: CF set if it is
; CHG: AX
attacked_by_enemy:
        cmp byte [side], WHITE
        je attacked_white
        jmp attacked_black
