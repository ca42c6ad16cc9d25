; movegen.asm -- legal move generation (Liberman 1997 part 3: FEUNEGRO / FEUBLANCO, the
; piece chain of TPIECE, the finders TENTOUR, the knight, the bishop, TENROI, PIONN;
; Liberman 1998: the rules of check).  The attack test VERROI is attack.asm's.
;
; A move that leaves one's own king attacked is never stored.  Instead of trying each
; move (VERROI after every step, as the 1997 code does), the king's lines are walked
; once per generation (the 1998 rules of check):
;   - two checkers: only the king moves;
;   - one pawn or knight checker: other pieces may only take it (en passant aside);
;   - one slider checker: other pieces may only take it or step between;
;   - a piece that shelters the king from a slider moves only along that line.
; These become one 64-bit set of squares each piece may enter (BP points to it), so a
; finder tests each target with one `bt`.  The king's own steps, castling and en passant
; (whose two vanishing pawns can uncover a rank) are checked with the real attack test.

        section .bss

gen_pieces      resq 1              ; the side's pieces whose moves are still to find
chain_start     resw 1              ; where this generation's chain began (ES)
target_mask     resq 1              ; squares a piece other than the king may enter
pinned_set      resq 1              ; own pieces that shelter the king from a slider
pin_masks       resq BOARD_SQUARES  ; for a pinned piece: its line, king to pinner
pin_allowed     resq 1              ; target_mask & the pin line, for the piece at hand
checkers        resb 1              ; enemy pieces giving check
king_here       resb 1              ; the square of the king of the side to move

        section .text

; gen_moves -- find every legal move of the side to move (Liberman: FEUNEGRO/FEUBLANCO)
; IN:  [side], the position; DI -> free space in the move chain (ES)
; OUT: DI -> past the last 4-byte move; ECX = moves found; CF set if the chain is full
;      (the moves found until then are kept); [checkers] = pieces giving check
; CHG: EAX, EBX, EDX, ESI, EBP
gen_moves:
        cmp byte [side], WHITE
        je gen_white
        jmp gen_black

; gen_any_move -- has the side to move a legal move?  The king's steps are looked at
;                 first, one by one, and the other pieces only when it has none (after
;                 a check the king's step is the usual escape, and one move is enough)
; IN:  as gen_moves
; OUT: ECX = 0: no legal move; else some of the legal moves at DI, ECX of them;
;      [checkers] = pieces giving check, when the king has no step
; CHG: EAX, EBX, EDX, ESI, EBP, DI
gen_any_move:
        cmp byte [side], WHITE
        je gen_white_any
        jmp gen_black_any

; gen_stepless_move -- gen_any_move where the king is known to have no step (the mate
;                      logic's escape test looked at them all): its steps not looked at again
; IN, OUT, CHG: as gen_any_move
gen_stepless_move:
        cmp byte [side], WHITE
        je gen_white_stepless
        jmp gen_black_stepless

; gen_finish -- count the moves of this generation
; IN:  DI -> past the last move; [chain_start]; CF as the caller leaves it
; OUT: ECX = moves in the chain; CF unchanged
; CHG: nothing else
gen_finish:
        jnc gen_count
        call gen_count
        stc
        ret

; gen_count -- gen_finish for a generation that ended well (CF clear)
; IN:  as gen_finish
; OUT: ECX = moves in the chain; CF clear
; CHG: nothing else
gen_count:
        movzx ecx, di
        sub cx, [chain_start]
        shr cx, MOVE_SHIFT          ; (CF clear: the bytes of whole moves shift out zeros)
        ret

; gen_pin_allowed -- the squares a pinned piece may enter
; IN:  BX = the pinned piece's square (BH = 0)
; OUT: BP -> pin_allowed = target_mask & its pin line
; CHG: EAX, BX
gen_pin_allowed:
        shl bx, LIST_SHIFT
        SET_AND pin_allowed, pin_masks + bx, target_mask
        mov bp, pin_allowed
        ret

; gen_no_moves -- the finder for the king among the pieces, which is never there
; IN, OUT, CHG: nothing
gen_no_moves:
        ret

; gen_store_promotions -- store a pawn's move to the last row as four promotions, Q R B N
;                        (Los Alamos chess: Q R N; a mate in one, [checking_only]: Q N,
;                        as where a rook or bishop mates the queen, first, does too)
; IN:  BL = to square; AH = its content; DX = the pawn; ES:DI -> free space; [variant]
; OUT: DI advanced by 4 moves (3 in Los Alamos chess, 2 under [checking_only])
; CHG: EAX
gen_store_promotions:
        MOVE_PACK bl
        or ah, PROMO_FLAG | (QUEEN << PROMO_SHIFT)
        stosd
        xor ah, (QUEEN ^ ROOK) << PROMO_SHIFT
        cmp byte [checking_only], 0
        jne .knight
        stosd
        cmp byte [variant], VARIANT_LOS_ALAMOS
        je .knight
        xor ah, (ROOK ^ BISHOP) << PROMO_SHIFT
        stosd
        xor ah, (BISHOP ^ KNIGHT) << PROMO_SHIFT
        stosd
        ret
.knight:
        xor ah, (ROOK ^ KNIGHT) << PROMO_SHIFT
        stosd
        ret

; ---------------------------------------------------------------------------------------
; Pieces of the per-colour routine, in the names SIDE_NAMES (attack.asm) defines.

%define ORTHO_SLIDERS(colour) ((1 << ((colour) | ROOK)) | (1 << ((colour) | QUEEN)))
%define DIAG_SLIDERS(colour)  ((1 << ((colour) | BISHOP)) | (1 << ((colour) | QUEEN)))
; the contents (as bit numbers of a dword) that attack along direction d
%define LINE_SLIDERS(colour, d) (((d) < BISHOP_DIR_FIRST) * ORTHO_SLIDERS(colour) + ((d) >= BISHOP_DIR_FIRST) * DIAG_SLIDERS(colour))

; STORE_MOVE [kind] -- append the move of piece DX to square BL holding AH
%macro STORE_MOVE 0-1 KIND_PLAIN
        MOVE_PACK bl
  %if %1 != KIND_PLAIN
        or al, %1
  %endif
        stosd
%endmacro

; PIECES_HALF half -- run the finder of each piece in one dword of gen_pieces (half 0:
; squares 0..31, half 1: 32..63), lowest square first, as a walk of the board would;
; narrowed by gen_checking_targets when [checking_only] says so
%macro PIECES_HALF 1
%%piece:
        SET_TAKE_LOWEST gen_pieces, %1, %%done
        cmp di, [chain_guard]
        ja .full
        mov dl, bl                  ; DL = square, DH = content
        mov dh, [carreau + bx]
        mov bp, target_mask
        bt word [pinned_set], bx
        jnc %%find
        call gen_pin_allowed
%%find: cmp byte [checking_only], 0
        je %%finder
        call gen_checking_targets
        jz %%piece                  ; it cannot give check
%%finder:
        movzx ebx, dh
        call [gen_finders + ebx * 2]
        jmp %%piece
%%done:
%endmacro

; PIECES_FREE half -- PIECES_HALF where nothing narrows a piece's squares (no check,
; no piece pinned, no check-only generation) and the chain has room for every move of
; the position: the free finders (freegen.asm)
%macro PIECES_FREE 1
%%piece:
        SET_TAKE_LOWEST gen_pieces, %1, %%done
        mov dl, bl                  ; DL = square, DH = content
        mov dh, [carreau + bx]
        movzx ebx, dh
        call [gen_free_finders + ebx * 2]
        jmp %%piece
%%done:
%endmacro

; PIECES_FREE_PINNED half -- PIECES_FREE when some piece is pinned: the pinned ones to
; their finders in movegen.asm narrowed to their pin lines, the others to the free ones
%macro PIECES_FREE_PINNED 1
%%piece:
        SET_TAKE_LOWEST gen_pieces, %1, %%done
        mov dl, bl                  ; DL = square, DH = content
        mov dh, [carreau + bx]
        bt word [pinned_set], bx
        jc %%pinned
        movzx ebx, dh
        call [gen_free_finders + ebx * 2]
        jmp %%piece
%%pinned:
        call gen_pin_allowed
        movzx ebx, dh
        call [gen_finders + ebx * 2]
        jmp %%piece
%%done:
%endmacro

; KING_RAY d -- walk from the king along direction d (KING_WALK): note a slider
; checker, or a piece of ours with an enemy slider behind it.  SI = king square *
; DIRECTIONS.  CHG: EAX, BX, CX, DX, EBP
%macro KING_RAY 1
        movzx cx, byte [ray_len + si + %1]
        jcxz %%done
        mov dl, DIR_DELTA(%1)
        mov ebp, LINE_SLIDERS(ENEMY, %1)
        call KING_WALK
%%done:
%endmacro

; SLIDE_RAY d -- store the steps of slider DX along direction d (TENTOUR's four walks)
; SI = its square * DIRECTIONS; BP -> the squares it may enter.
%macro SLIDE_RAY 1
        movzx cx, byte [ray_len + si + %1]
        jcxz %%done
        mov bl, dl
%%step: add bl, DIR_DELTA(%1)
        mov ah, [carreau + bx]
        cmp ah, EMPTY
        jne %%hit
        bt word [bp], bx
        jnc %%next
        STORE_MOVE
%%next: loop %%step
        jmp %%done
%%hit:  JOWN %%done
        bt word [bp], bx
        jnc %%done
        STORE_MOVE
%%done:
%endmacro

; CAPTURING_PAWNS -- for gen_captures: drop from gen_pieces the pawns that neither take
; one of capture_victims (gen_<colour>_takers_of) nor promote, all at once on the sets;
; CHG: EAX, EBX, ECX, EDX, SI
%macro CAPTURING_PAWNS 0
        mov si, capture_victims
        call PAWN_TAKERS_OF
  %if OWN == WHITE
        movzx bx, PROMO_ROW
        mov byte [capture_pawns + bx], ROW_SET
  %else
        mov byte [capture_pawns + PROMO_ROW], ROW_SET
  %endif
        mov eax, [PIECE_SET(OWN | PAWN)]
        not eax
        or eax, [capture_pawns]
        and [gen_pieces], eax
        mov eax, [PIECE_SET(OWN | PAWN) + 4]
        not eax
        or eax, [capture_pawns + 4]
        and [gen_pieces + 4], eax
%endmacro

; CASTLING right, king_from, passed, king_to, also_empty -- store a castling if the
; right is held, the squares between are empty and the king passes no attacked square.
; also_empty is the b-file square of a queen-side castling, OFF_BOARD (always EMPTY)
; for the king side.  Called with the king lifted and the side not in check.
%macro CASTLING 5
        test byte [castle], %1
        jz %%done
        cmp byte [carreau + (%3)], EMPTY
        jne %%done
        cmp byte [carreau + (%4)], EMPTY
        jne %%done
        cmp byte [carreau + (%5)], EMPTY
        jne %%done
        mov bx, %3
        call ATTACKED
        jc %%done
        mov bx, %4
        call ATTACKED
        jc %%done
        mov eax, (EMPTY << 24) | ((%4) << 16) | ((OWN | KING) << 8) | ((%2) | KIND_CASTLE)
        stosd
%%done:
%endmacro

; KING_LIFT -- lift the king off square BX, so a slider's line runs on through it:
; DX = the king, CX = its steps, SI -> their squares (king_to)
%macro KING_LIFT 0
        mov byte [carreau + bx], EMPTY
        mov dl, bl
        mov dh, OWN | KING
        JUMPS_FROM king, bl
%endmacro

; ---------------------------------------------------------------------------------------
; CONTENT_WORDS label, black's six, white's six -- label: a word for each content ROOK_B
; .. PAWN_W (by piece code ROOK .. PAWN for each colour; 0 for the contents between,
; which no piece has), so a table is read at [label + content * 2] with no masking
%macro CONTENT_WORDS 13
%1:
        dw %2, %3, %4, %5, %6, %7
        times ROOK_W - PAWN_B - 1 dw 0
        dw %8, %9, %10, %11, %12, %13
%if ($ - %1) != 2 * PIECE_SETS
  %error "a word a content"
%endif
%endmacro

; CAPTURE_KING_IDLE idle -- has the king nothing to look at?  In gen_captures out of
; check, when no victim stands next to it (no capture to test): then on to `idle`.  A
; macro, at the head of gen_<colour>_king (every generation passes it), for
; gen_captures (captures.asm)
; IN:  [captures_only], [king_here], capture_victims
; CHG: EAX, ESI
%macro CAPTURE_KING_IDLE 1
        cmp byte [captures_only], 0
        je %%busy
        movzx esi, byte [king_here]
        mov eax, [king_zone + esi * SET_BYTES]
        and eax, [capture_victims]
        jnz %%busy
        mov eax, [king_zone + esi * SET_BYTES + 4]
        and eax, [capture_victims + 4]
        jz %1
%%busy:
%endmacro

; GEN_SIDE colour, name -- the generator of one colour: gen_<name> and its finders.
%macro GEN_SIDE 2
        SIDE_NAMES %1, %2

; gen_<colour> -- gen_moves for one colour (Liberman: FEUNEGRO / FEUBLANCO)
; IN, OUT, CHG: as gen_moves
gen_%2:
        mov [chain_start], di
        call gen_%2_checks
        cmp byte [checkers], 0
        je .free
        mov byte [captures_only], 0 ; in check: every evasion, captures or not
        cmp byte [checkers], 1
        ja .king                    ; double check: only the king moves (1998 rule 1)
        jmp .pieces
.free:
        cmp byte [captures_only], 0
        je .pieces
        mov eax, [COLOUR_SET(ENEMY)] ; the captures worth making, and every step or
        mov edx, [COLOUR_SET(ENEMY) + 4] ; take onto the queening row (so a piece in
        mov si, PIECE_SET(ENEMY)    ; target_mask is an enemy)
        call gen_capture_victims
  %if OWN == WHITE
        movzx bx, QUEENING_ROW
  %else
        mov bx, QUEENING_ROW
  %endif
        mov al, [COLOUR_SET(OWN) + bx]
        not al
        or [target_mask + bx], al
.pieces:
        call gen_%2_pieces
        jc .full
.king:  cmp di, CHAIN_GUARD
        ja .full
        call gen_%2_king
        jmp gen_count
.full:  stc
        jmp gen_finish

; gen_<colour>_pieces -- the moves of the side's pieces but the king (TPIECE's chain),
;                        en passant included; from .listed on, of the pieces in gen_pieces
; IN:  as gen_moves, and what gen_<colour>_checks found; [chain_start]
; OUT: DI past the moves stored; CF set if the chain is full
; CHG: EAX, EBX, ECX, EDX, ESI, EBP
gen_%2_pieces:
        mov eax, [COLOUR_SET(OWN)]
        mov [gen_pieces], eax
        mov eax, [COLOUR_SET(OWN) + 4]
        mov [gen_pieces + 4], eax
        movzx bx, byte [king_here]
        btr word [gen_pieces], bx
        cmp byte [captures_only], 0
        je .listed
        CAPTURING_PAWNS
        call gen_capture_pieces     ; out of check (captures.asm)
        jc .full
        jmp .en_passant
.listed:
        call gen_%2_pawn_takers     ; (for the pawns' finder)
        cmp byte [checking_only], 0
        jne .narrowed
        cmp byte [checkers], 0
        jne .narrowed               ; in check: the squares that answer it alone
        cmp di, CHAIN_END - MAX_MOVES * MOVE_SIZE
        ja .narrowed
        mov eax, [pinned_set]
        or eax, [pinned_set + 4]
        jnz .pinned
        PIECES_FREE 0
        PIECES_FREE 1
        jmp .en_passant
.pinned:
        PIECES_FREE_PINNED 0
        PIECES_FREE_PINNED 1
        jmp .en_passant
.narrowed:
        PIECES_HALF 0
        PIECES_HALF 1
.en_passant:
        cmp byte [ep_square], NO_SQUARE
        je .done
        cmp di, CHAIN_GUARD
        ja .full
        call gen_%2_ep
.done:  clc
        ret
.full:  stc
        ret

; gen_<colour>_pawn_takers -- capture_pawns: the squares from which the colour's pawns
;                             take (an enemy on a square they take on), all at once on
;                             the sets: the pawns one row on are the set shifted by a
;                             row, less the file it wraps into.  Left as it was when
;                             the colour has no pawn (no pawn's finder reads it then)
; gen_<colour>_takers_of -- the same for the enemies in the set at SI alone
; IN:  the colour sets, piece_sets; SI -> the enemies (gen_<colour>_takers_of)
; OUT: capture_pawns
; CHG: EAX, EBX, ECX, EDX, SI
gen_%2_pawn_takers:
        mov si, COLOUR_SET(ENEMY)
gen_%2_takers_of:
        mov eax, [PIECE_SET(OWN | PAWN)]
        or eax, [PIECE_SET(OWN | PAWN) + 4]
        jz .none
        mov eax, [si]
        mov edx, [si + 4]
        mov ecx, eax
        mov ebx, edx
  %if OWN == WHITE                  ; white takes towards square 0: square s - 9, s - 7
        shld edx, eax, ROW_STEP + 1
        shl eax, ROW_STEP + 1
        shld ebx, ecx, ROW_STEP - 1
        shl ecx, ROW_STEP - 1
  %else                             ; black: square s + 7, s + 9
        shrd eax, edx, ROW_STEP - 1
        shr edx, ROW_STEP - 1
        shrd ecx, ebx, ROW_STEP + 1
        shr ebx, ROW_STEP + 1
  %endif
        and eax, ~(FILE_BITS << FILE_A) ; EDX:EAX a file left, EBX:ECX a file right
        and edx, ~(FILE_BITS << FILE_A) ; of the pawn: never from file a (h) by a wrap
        and ecx, ~(FILE_BITS << FILE_H)
        and ebx, ~(FILE_BITS << FILE_H)
        or eax, ecx
        or edx, ebx
        mov [capture_pawns], eax
        mov [capture_pawns + 4], edx
.none:  ret

; gen_<colour>_any -- gen_any_move for one colour
; IN, OUT, CHG: as gen_any_move
gen_%2_any:
        mov [chain_start], di
        call gen_%2_flight
        jc gen_finish
        ; fall through (no step stored: DI where it was)

; gen_<colour>_stepless -- gen_stepless_move for one colour
; IN, OUT, CHG: as gen_any_move
gen_%2_stepless:
        mov [chain_start], di
        call gen_%2_checks
        cmp byte [checkers], 1
        ja .some                    ; double check: no step, no move
        mov [chain_guard], di       ; the king cannot move: the others, in check up to
        call gen_%2_pieces          ; the first piece that has a move
        mov word [chain_guard], CHAIN_GUARD
.some:  jmp gen_finish

; gen_<colour>_flight -- the king's first legal step (without one it cannot castle)
; IN:  the position; ES:DI -> free space
; OUT: CF set: that step stored at DI, DI past it; CF clear: none
; CHG: EAX, BX, CX, DX, ESI
gen_%2_flight:
        movzx bx, byte [KING_SQ(OWN)]
        KING_LIFT
.step:  lodsb
        mov bl, al
        cmp byte [carreau + bx], EMPTY
        JOWN .next
        call ATTACKED
        jnc .found
.next:  loop .step
        mov bl, dl                  ; none
        mov byte [carreau + bx], OWN | KING
        clc
        ret
.found: mov ah, [carreau + bx]
        STORE_MOVE
        mov bl, dl
        mov byte [carreau + bx], OWN | KING
        stc
        ret


; gen_<colour>_checks -- walk out from the king: checkers, the check line, pinned pieces
;                       (Liberman 1998, rules of check)
; IN:  the position
; OUT: [king_here], [checkers], target_mask, pinned_set, pin_masks of pinned pieces
; CHG: EAX, BX, CX, DX, ESI, EBP
gen_%2_checks:
        or eax, -1
        mov [target_mask], eax      ; no check: every square
        mov [target_mask + 4], eax
        inc eax
        mov [pinned_set], eax
        mov [pinned_set + 4], eax
        mov [checkers], al
        mov bl, [KING_SQ(OWN)]
        mov [king_here], bl
        movzx esi, bl               ; (the tables indexed by ESI scaled)
        movzx bx, byte [PAWN_FROM_TABLE(ENEMY) + esi * PAWN_TAKES]
        cmp byte [carreau + bx], ENEMY | PAWN
        jne .pawn2
        call check_add_contact
.pawn2: movzx bx, byte [PAWN_FROM_TABLE(ENEMY) + esi * PAWN_TAKES + 1]
        cmp byte [carreau + bx], ENEMY | PAWN
        jne .knights
        call check_add_contact
.knights:
        lea si, [esi * SET_BYTES]   ; SI = the king * DIRECTIONS
        mov ebp, [knight_zone + si] ; the enemy's knights a jump away give check
        and ebp, [PIECE_SET(ENEMY | KNIGHT)]
.knight:
        bsf ebx, ebp
        jz .knights_high
        btr ebp, ebx
        call check_add_contact
        jmp .knight
.knights_high:
        mov ebp, [knight_zone + si + 4]
        and ebp, [PIECE_SET(ENEMY | KNIGHT) + 4]
.knight_high:
        bsf ebx, ebp
        jz .rook
        btr ebp, ebx
        add bl, DWORD_BITS
        call check_add_contact
        jmp .knight_high
.rook:  mov cl, [king_here]         ; no enemy on the king's file: no check, no pin on it
        ENEMY_ON_FILE .row          ; (SI stays the king * DIRECTIONS from here on)
        KING_RAY DIR_N
        KING_RAY DIR_S
.row:   movzx bx, byte [king_here]  ; nor on its row
        ENEMY_ON_ROW .bishop
        KING_RAY DIR_E
        KING_RAY DIR_W
.bishop:
        DIAGONAL_SLIDER_IN .bishop_rays
        ret
.bishop_rays:
  %assign d BISHOP_DIR_FIRST
  %rep LINE_DIRS
        KING_RAY d
    %assign d d + 1
  %endrep
        ret

; gen_<colour>_king_walk -- KING_RAY's walk out from the king along one line
; IN:  CX = the squares to the edge (not 0); DL = the step; EBP = the contents (as bits
;      of a dword) of the enemy's sliders that move along the line; BH = 0
; OUT: a slider checker noted (check_add_slider), or a piece of ours with such a slider
;      behind it (check_add_pin)
; CHG: EAX, BX, CX, DH, BP
gen_%2_king_walk:
        mov bl, [king_here]
.near:  add bl, dl
        cmp byte [carreau + bx], EMPTY
        loope .near                 ; (3 instructions an empty square)
        je .done                    ; empty to the edge
        mov al, [carreau + bx]
        bt ebp, eax                 ; bit (content) of the dword: an enemy slider here?
        jc check_add_slider
        cmp al, EMPTY
        JENEMY .done                ; an enemy that cannot come this way shields the king
        mov dh, bl                  ; our piece: pinned if an enemy slider is behind it
        jcxz .done                  ; (loope counted its square)
.far:   add bl, dl
        cmp byte [carreau + bx], EMPTY
        loope .far
        je .done
        mov al, [carreau + bx]
        bt ebp, eax
        jc check_add_pin
.done:  ret

; gen_<colour>_rook -- the rook's moves (Liberman: TENTOUR); the two rays along its file,
;                      and the two along its row, only when BP's set has a square there
;                      (the finders run where that set is narrow: in check, pinned, the
;                      checks alone)
; IN:  DX = the rook (or queen); BP -> squares it may enter; ES:DI -> free space
; OUT: DI past the moves stored
; CHG: EAX, BX, CX, ESI
gen_%2_rook:
        movzx si, dl
        shl si, LIST_SHIFT
        mov cl, dl
        and cl, FILE_MASK
        mov eax, FILE_BITS
        shl eax, cl                 ; its file's squares in either dword
        test [bp], eax
        jnz .file
        test [bp + 4], eax
        jz .row
.file:  SLIDE_RAY DIR_N
        SLIDE_RAY DIR_S
.row:   movzx si, dl
        shr si, ROW_SHIFT
        cmp byte [bp + si], 0       ; its row's squares: a byte of the set
        je .done
        movzx si, dl
        shl si, LIST_SHIFT
        SLIDE_RAY DIR_E
        SLIDE_RAY DIR_W
.done:  ret
%if ROOK_DIR_FIRST != DIR_N || DIR_S != DIR_N + 1 || DIR_E != DIR_N + 2 || DIR_W != DIR_N + 3
  %error "gen_<colour>_rook walks its rays in the directions' order"
%endif

; gen_<colour>_bishop -- the bishop's moves (Liberman: FOUN); none looked for when BP's
;                        set has no square on its diagonals
; IN, OUT, CHG: as gen_<colour>_rook
gen_%2_bishop:
        movzx si, dl
        shl si, LIST_SHIFT
        mov eax, [bishop_lines + si]
        test [bp], eax
        jnz .lines
        mov eax, [bishop_lines + si + 4]
        test [bp + 4], eax
        jz .done
.lines:
  %assign d BISHOP_DIR_FIRST
  %rep LINE_DIRS
        SLIDE_RAY d
    %assign d d + 1
  %endrep
.done:  ret

; gen_<colour>_queen -- the queen is a rook and a bishop on one square (Liberman:
;                       "call tourn / call foun")
; IN, OUT, CHG: as gen_<colour>_rook
gen_%2_queen:
        call gen_%2_rook
        jmp gen_%2_bishop

; gen_<colour>_knight -- the knight's moves (Liberman: CHEVALN)
; IN, OUT, CHG: as gen_<colour>_rook
gen_%2_knight:
        KNIGHT_FINDER

; gen_<colour>_pawn -- the pawn's steps, double step, takes and promotions
;                      (Liberman: PIONN); en passant is gen_<colour>_ep
; IN, OUT: as gen_<colour>_rook
; CHG: EAX, BX, CX
gen_%2_pawn:
        PAWN_FINDER


; gen_<colour>_ep -- the en-passant takes, each tried on the board with the real attack
;                    test: the two pawns that vanish can uncover the king along a rank
; IN:  [ep_square] a square; [king_here]; ES:DI -> free space
; OUT: DI past the moves stored
; CHG: EAX, BX, CX, DX, SI
gen_%2_ep:
        movzx si, byte [ep_square]
        add si, si                  ; 2 squares a pawn_from entry
        add si, PAWN_FROM_TABLE(OWN)
        mov cx, PAWN_TAKES
.pawn:  lodsb
        movzx bx, al
        cmp byte [carreau + bx], OWN | PAWN
        jne .next
        mov dl, bl                  ; DX = the taking pawn
        mov dh, OWN | PAWN
        mov al, [ep_square]         ; the pawn taken: on the taker's row, the ep file
        and al, FILE_MASK
        and bl, ROW_MASK
        or bl, al
        push bx
        mov byte [carreau + bx], EMPTY
        mov bl, dl
        mov byte [carreau + bx], EMPTY
        mov bl, [ep_square]
        mov byte [carreau + bx], OWN | PAWN
        mov bl, [king_here]
        call ATTACKED
        mov bl, [ep_square]         ; put everything back; the flags hold the answer
        mov byte [carreau + bx], EMPTY
        mov bl, dl
        mov byte [carreau + bx], OWN | PAWN
        pop bx
        mov byte [carreau + bx], ENEMY | PAWN
        jc .next
        mov bl, [ep_square]
        mov ah, EMPTY
        STORE_MOVE KIND_EP
.next:  loop .pawn
        ret

; gen_<colour>_king -- the king's steps and castlings (Liberman: TENROI)
; IN:  [king_here]; [checkers]; ES:DI -> free space
; OUT: DI past the moves stored
; CHG: EAX, BX, CX, DX, ESI
gen_%2_king:
        CAPTURE_KING_IDLE .idle
        movzx bx, byte [king_here]
        KING_LIFT
        cmp byte [checking_only], 0
        je .step
        bt word [discover_set], bx
        jnc .castle                 ; a king's step checks only by uncovering a line
.step:  lodsb
        mov bl, al
        mov ah, [carreau + bx]
        cmp ah, EMPTY
        JOWN .next
        jne .attacked               ; a capture
        cmp byte [captures_only], 0
        jne .next                   ; a quiet step gen_captures leaves out
.attacked:
        call ATTACKED               ; (which keeps AH, the content there)
        jc .next
        STORE_MOVE
.next:  loop .step
.castle:
        cmp byte [checkers], 0
        jne .home
        cmp byte [captures_only], 0
        jne .home
        call gen_castling_wanted
        jnc .home
        CASTLING RIGHT_KING_SIDE, HOME_ROW * ROW_STEP + FILE_E, HOME_ROW * ROW_STEP + FILE_F, HOME_ROW * ROW_STEP + FILE_G, OFF_BOARD
        CASTLING RIGHT_QUEEN_SIDE, HOME_ROW * ROW_STEP + FILE_E, HOME_ROW * ROW_STEP + FILE_D, HOME_ROW * ROW_STEP + FILE_C, HOME_ROW * ROW_STEP + FILE_B
.home:  movzx bx, byte [king_here]
        mov byte [carreau + bx], OWN | KING
.idle:  ret
%endmacro

        GEN_SIDE WHITE, white
        GEN_SIDE BLACK, black

        section .data
; gen_finders -- the finder of each content (the king, never among the pieces, has none)
        CONTENT_WORDS gen_finders, gen_black_rook, gen_black_knight, gen_black_bishop, gen_black_queen, gen_no_moves, gen_black_pawn, gen_white_rook, gen_white_knight, gen_white_bishop, gen_white_queen, gen_no_moves, gen_white_pawn
; gen_capture_finders -- the finders gen_captures runs out of check, by content: the
; sliders' takes alone (captures.asm)
        CONTENT_WORDS gen_capture_finders, gen_rook_captures, gen_black_knight, gen_bishop_captures, gen_queen_captures, gen_no_moves, gen_black_pawn_captures, gen_rook_captures, gen_white_knight, gen_bishop_captures, gen_queen_captures, gen_no_moves, gen_white_pawn_captures
; chain_guard -- PIECES_HALF stops with CF set once DI is past it: CHAIN_GUARD, or the
; chain's start while gen_<colour>_stepless wants one move only
chain_guard     dw CHAIN_GUARD
        section .text
