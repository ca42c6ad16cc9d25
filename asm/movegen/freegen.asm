; freegen.asm -- the finders of a piece that nothing narrows (beyond Liberman): out of
; check and not pinned, with room in the chain for every move of the position, a piece
; may enter any square its moves reach, so gen_<colour>_pieces runs these (PIECES_FREE)
; instead of the finders of movegen.asm: the same moves in the same order, without the
; test of each square against the set BP points to, and a slider's quiet record made by
; stepping the last one along the ray.

%define GEN_FREE                    ; MAY_ENTER tests nothing here

; SLIDE_FREE d -- SLIDE_RAY for PIECES_FREE: past the first quiet record, the record
; itself steps along the ray.  SI = the slider's square * DIRECTIONS
%macro SLIDE_FREE 1
        movzx cx, byte [ray_len + si + %1]
        jcxz %%done
        mov bl, dl
        add bl, DIR_DELTA(%1)
        cmp byte [carreau + bx], EMPTY
        jne %%hit
        mov ah, EMPTY
        MOVE_PACK bl                ; the first quiet move
        jmp %%store
%%step: add bl, DIR_DELTA(%1)
        add eax, DIR_DELTA(%1) << MOVE_TO_SHIFT ; the record one square further
        cmp byte [carreau + bx], EMPTY
        jne %%hit
%%store:
        stosd
        loop %%step
        jmp %%done
%%hit:  JOWN %%done                 ; (the flags of the comparison with EMPTY)
        mov ah, [carreau + bx]
        MOVE_PACK bl
        stosd
%%done:
%endmacro

; GEN_FREE_SIDE colour, name -- the free finders of one colour
%macro GEN_FREE_SIDE 2
        SIDE_NAMES %1, %2

; gen_<colour>_rook_free, _bishop_free, _queen_free, _knight_free, _pawn_free -- the
; finders PIECES_FREE runs: movegen.asm's (Liberman: TENTOUR, FOUN, CHEVALN, PIONN)
; where every square may be entered (BP is not read), storing the same moves in the
; same order
; IN, OUT, CHG: as gen_<colour>_rook
gen_%2_pawn_free:
        PAWN_FINDER

gen_%2_rook_free:
        movzx si, dl
        shl si, LIST_SHIFT
  %assign d ROOK_DIR_FIRST
  %rep LINE_DIRS
        SLIDE_FREE d
    %assign d d + 1
  %endrep
        ret

gen_%2_bishop_free:
        movzx si, dl
        shl si, LIST_SHIFT
  %assign d BISHOP_DIR_FIRST
  %rep LINE_DIRS
        SLIDE_FREE d
    %assign d d + 1
  %endrep
        ret

gen_%2_queen_free:
        call gen_%2_rook_free
        jmp gen_%2_bishop_free

gen_%2_knight_free:
        KNIGHT_FINDER
%endmacro

        GEN_FREE_SIDE WHITE, white
        GEN_FREE_SIDE BLACK, black

%undef GEN_FREE

        section .data
; gen_free_finders -- the finders PIECES_FREE runs, by content
        CONTENT_WORDS gen_free_finders, gen_black_rook_free, gen_black_knight_free, gen_black_bishop_free, gen_black_queen_free, gen_no_moves, gen_black_pawn_free, gen_white_rook_free, gen_white_knight_free, gen_white_bishop_free, gen_white_queen_free, gen_no_moves, gen_white_pawn_free
        section .text
