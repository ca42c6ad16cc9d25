; captures.asm -- the quiescence search's moves out of check (beyond Liberman): the
; captures, en passant and promotions.  gen_<colour>_pieces hands the side's pieces to
; gen_capture_pieces (without the pawns that neither take nor promote, dropped on the
; sets: CAPTURING_PAWNS), which walks them in the same order and gives a piece to its
; finder only where an enemy stands that it could take: on a knight's jumps, on a
; bishop's lines; a pawn left, a rook and a queen always.
; The finders are gen_<colour>_pieces' own but for the sliders', which store the takes
; alone (the quiet steps onto the queening row, which quiescence drops, are left out), so
; the chain holds the same captures in the same order (the search's tree does not
; change), but most pawns and knights cost a few instructions instead of a walk of
; their squares, and a slider three instructions a square it passes.
; A capture must gain more than [capture_gap], the caller's input (modes.asm): where
; taking a pawn (or a minor piece, or a rook) cannot, those captures are not looked for
; (gen_capture_victims), and the chain keeps the others in the same order.

        section .bss

capture_victims resq 1              ; the enemies worth taking
capture_pawns   resq 1              ; the squares from which a pawn takes or promotes

        section .data

; capture_filters -- by content (CONTENT_WORDS): where gen_capture_pieces decides whether
; the piece's finder runs (the king is never among the pieces)
        CONTENT_WORDS capture_filters, gen_capture_pieces.find, gen_capture_pieces.knight, gen_capture_pieces.bishop, gen_capture_pieces.find, gen_capture_pieces.next, gen_capture_pieces.find, gen_capture_pieces.find, gen_capture_pieces.knight, gen_capture_pieces.bishop, gen_capture_pieces.find, gen_capture_pieces.next, gen_capture_pieces.find

        section .text

; gen_captures -- the moves the quiescence search looks at: every legal move when in
;                 check, else the legal captures, en passant and promotions (and any
;                 pawn step onto the row pawns promote on, which the same square set
;                 lets through; the caller drops it as quiet)
; IN:  as gen_moves, and [capture_gap] = the least gain worth a capture (modes.asm: out
;      of check only the captures of enemies worth more are stored; en passant and the
;      queening row's takes whatever they take)
; OUT, CHG: as gen_moves
gen_captures:
        mov byte [captures_only], 1
        call gen_moves
        mov byte [captures_only], 0 ; mov keeps CF
        ret

; gen_capture_victims -- target_mask and capture_victims for gen_captures out of check:
;                        the enemy's pieces whose value (piece_cp) is more than
;                        [capture_gap], so that the finders never look at the others.
;                        The pawns go first, then the minor pieces, then the rooks
; IN:  EDX:EAX = the enemy's colour set; SI -> its piece sets (PIECE_SET(enemy));
;      [capture_gap]
; OUT: target_mask, capture_victims = the enemies worth taking
; CHG: EAX, ECX, EDX
gen_capture_victims:
        mov ecx, [capture_gap]
        cmp ecx, PAWN_CP
        jl .store
        xor eax, [si + PAWN * SET_BYTES] ; (the kinds' sets lie within the colour's)
        xor edx, [si + PAWN * SET_BYTES + 4]
        cmp ecx, CAPTURE_MINOR_CP
        jl .store
        xor eax, [si + KNIGHT * SET_BYTES]
        xor edx, [si + KNIGHT * SET_BYTES + 4]
        xor eax, [si + BISHOP * SET_BYTES]
        xor edx, [si + BISHOP * SET_BYTES + 4]
        cmp ecx, ROOK_CP
        jl .store
        xor eax, [si + ROOK * SET_BYTES]
        xor edx, [si + ROOK * SET_BYTES + 4]
.store: mov [target_mask], eax
        mov [target_mask + 4], edx
        mov [capture_victims], eax
        mov [capture_victims + 4], edx
        ret

; gen_capture_pieces -- gen_<colour>_pieces' walk for gen_captures out of check: the
;                       captures and promotions of the side's pieces but the king
; IN:  gen_pieces = those pieces; capture_victims; target_mask = the victims and
;      the queening row's squares not the side's own; pinned_set, pin_masks
;      (gen_<colour>_checks); ES:DI -> free space
; OUT: DI past the moves stored; CF set if the chain is full
; CHG: EAX, EBX, ECX, EDX, ESI, EBP
gen_capture_pieces:
.next:  SET_TAKE_LOWEST gen_pieces, 0, .high
.piece: cmp di, CHAIN_GUARD
        ja .full
        mov dl, bl                  ; DL = square, DH = content
        mov dh, [carreau + bx]
        movzx esi, dh               ; a filter, and a finder, by content
        jmp [capture_filters + esi * 2]
.knight:                            ; (EBX = the square: bsf wrote all of it)
        mov eax, [knight_zone + ebx * SET_BYTES]
        and eax, [capture_victims]
        mov ecx, [knight_zone + ebx * SET_BYTES + 4]
        and ecx, [capture_victims + 4]
        jnz .knight_high
        test eax, eax
        jz .next                    ; nothing to take
        lea ecx, [eax - 1]
        test ecx, eax
        jnz .find                   ; two or more: the finder stores them in its order
        bsf ebx, eax
.knight_take:                       ; one: stored here (a pinned knight cannot move)
        movzx cx, dl
        bt word [pinned_set], cx
        jc .next
        mov ah, [carreau + bx]
        MOVE_PACK bl
        stosd
        jmp .next
.knight_high:
        test eax, eax
        jnz .find
        lea eax, [ecx - 1]
        test eax, ecx
        jnz .find
        bsf ebx, ecx
        add bl, DWORD_BITS
        jmp .knight_take
.bishop:
        mov eax, [bishop_lines + ebx * SET_BYTES]
        and eax, [capture_victims]
        jnz .find
        mov eax, [bishop_lines + ebx * SET_BYTES + 4]
        and eax, [capture_victims + 4]
        jz .next
.find:  mov bp, target_mask
        movzx bx, dl
        bt word [pinned_set], bx
        jnc .call
        call gen_pin_allowed
        mov bh, 0                   ; the finders read [carreau + bx] after mov bl
.call:  call [gen_capture_finders + esi * 2]
        jmp .next
.high:  SET_TAKE_LOWEST gen_pieces, 1, .done
        jmp .piece
.done:  clc
        ret
.full:  stc
        ret

; CAPTURE_RAY d -- store the take of slider DX along direction d, if BP lets it take the
; first piece there (out of check BP's set holds no piece of its own side: gen_<colour>);
; SI = its square * DIRECTIONS
%macro CAPTURE_RAY 1
        FIRST_PIECE %1, {mov bl, dl}, %%done
        bt word [bp], bx
        jnc %%done
        mov ah, [carreau + bx]
        MOVE_PACK bl
        stosd
%%done:
%endmacro

; CAPTURE_LINES first -- CAPTURE_RAY along the four directions from `first` (a
; routine's body, ret included)
%macro CAPTURE_LINES 1
        movzx si, dl
        shl si, LIST_SHIFT
  %assign d %1
  %rep LINE_DIRS
        CAPTURE_RAY d
    %assign d d + 1
  %endrep
        ret
%endmacro

; gen_rook_captures -- the rook's takes, for gen_captures out of check (TENTOUR's walks
;                      to the first piece)
; IN:  DX = the rook (or queen); BP -> the squares it may enter, none of its side's
;      pieces; ES:DI -> free space
; OUT: DI past the moves stored
; CHG: EAX, BX, CX, SI
gen_rook_captures:
        CAPTURE_LINES ROOK_DIR_FIRST

; gen_bishop_captures -- the bishop's takes, for gen_captures out of check
; IN, OUT, CHG: as gen_rook_captures
gen_bishop_captures:
        CAPTURE_LINES BISHOP_DIR_FIRST

; gen_queen_captures -- the queen's takes, for gen_captures out of check
; IN, OUT, CHG: as gen_rook_captures
gen_queen_captures:
        call gen_rook_captures
        jmp gen_bishop_captures

; PAWN_CAPTURES_SIDE colour, name -- gen_<colour>_pawn_captures: gen_<colour>_pawn for
; gen_captures out of check, which hands it only pawns that take (capture_pawns) or
; stand on the row they promote from.  A pawn short of that row has no step to store
; (target_mask holds no empty square short of the queening row), so only its two takes
; are looked at, in the finder's order
; IN, OUT, CHG: as gen_<colour>_pawn
%macro PAWN_CAPTURES_SIDE 2
        SIDE_NAMES %1, %2
gen_%2_pawn_captures:
        mov cl, dl
        shr cl, ROW_SHIFT
        cmp cl, PROMO_ROW
        je gen_%2_pawn              ; it promotes: the whole finder
        mov cl, dl
        and cl, FILE_MASK
        PAWN_TAKE FORWARD - 1, FILE_A, STORE_MOVE
        PAWN_TAKE FORWARD + 1, FILE_H, STORE_MOVE
        ret
%endmacro

        PAWN_CAPTURES_SIDE WHITE, white
        PAWN_CAPTURES_SIDE BLACK, black
