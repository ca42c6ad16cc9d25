; movecount.asm -- count the legal moves without storing them: the last ply of perft
; (bulk counting).  Liberman's finders (TENTOUR, FOUN, CHEVALN, PIONN) cut down to a
; count, for the pieces the rules of check leave free: when the king is not in check,
; a piece that shelters it from no slider may go wherever its finder would take it, so
; its moves are counted square by square off the board, no move record built.
; The free pawns are counted all at once on 64-bit sets (count_pawns, which perft keeps
; move by move).  Everything else goes through the storing finders of movegen.asm into
; the free space of the chain, and is counted there: every move in check, the pinned
; pieces (along their line), a pawn about to promote, en passant, the king.
;
; count_white, count_black and their pawns' counters are assembled once per colour
; (COUNT_SIDE); the other counters read the squares the side may land on from count_open
; and serve both.

; Counting the bits of a dword in parallel (movecount.asm; the 386 has no instruction
; for it): the masks of the low bit of each pair, the low pair of each nibble, the low
; nibble of each byte, and the multiplier that sums the four bytes into the top one.
PAIR_LOW_BITS   equ 55555555h
NIBBLE_LOW_PAIRS equ 33333333h
BYTE_NIBBLES    equ 0F0F0F0Fh
BYTE_ONES       equ 01010101h

; COUNT_RAY d -- add to BP the steps of slider DL along direction d: the empty squares
; up to the first piece, and that piece if it is the enemy's (TENTOUR's walk, counted).
; SI = its square * DIRECTIONS.  BP gets the whole ray first; at the piece that ends the
; walk, the CX steps it did not take come off again.
%macro COUNT_RAY 1
        movzx cx, byte [ray_len + si + %1]
        jcxz %%done
        add bp, cx
        mov bl, dl
%%step: add bl, DIR_DELTA(%1)
        cmp byte [carreau + bx], EMPTY
        jne %%hit
        loop %%step
        jmp %%done
%%hit:  bt word [count_open], bx     ; CF: the enemy's
        sbb cx, 0                   ; whose square is a move
        sub bp, cx
%%done:
%endmacro

; SLIDER_SHUT_IN none -- SI = square DL * DIRECTIONS; to `none` when its own side holds
; every square next to it: a slider there has no move (early in a game, most of them)
%macro SLIDER_SHUT_IN 1
        movzx si, dl
        shl si, LIST_SHIFT
        mov eax, [count_open]
        and eax, [king_zone + si]
        jnz %%open
        mov eax, [count_open + 4]
        and eax, [king_zone + si + 4]
        jz %1
%%open:
%endmacro

; NIBBLE_COUNTS reg32 -- each nibble of reg32 becomes the number of bits it had; CHG: EDX
%macro NIBBLE_COUNTS 1
        mov edx, %1
        shr edx, 1
        and edx, PAIR_LOW_BITS
        sub %1, edx                 ; each bit pair: its count
        mov edx, %1
        shr edx, 2
        and edx, NIBBLE_LOW_PAIRS
        and %1, NIBBLE_LOW_PAIRS
        add %1, edx
%endmacro

; COUNT_HALF half -- count the moves of each piece in one dword of gen_pieces (as
; PIECES_HALF in movegen.asm, without the pins and the checks: none apply here)
%macro COUNT_HALF 1
%%piece:
        SET_TAKE_LOWEST gen_pieces, %1, %%done
        mov dl, bl                  ; DL = square, DH = content
        movzx bx, byte [carreau + bx]
        mov dh, bl
        add bx, bx                  ; 2 bytes a counter
        call [count_finders + bx]
        jmp %%piece
%%done:
%endmacro

        section .bss

count_open      resq 1              ; the squares the side to move does not hold (empty or
                                    ; the enemy's), for the counters that serve both colours
count_pawns     resq 2              ; the pawns of each colour, as colour_sets: [0] black
count_targets   resq 2              ; the free pawns' moves: two sets of squares to count
count_empty     resq 1              ; the empty squares
%define PAWN_SET(colour) (count_pawns + ((colour) >> COLOUR_SHIFT) * SET_BYTES)

        section .data

; count_work -- the pawns count_pawn_moves moves, between two bytes that stay 0: read one
; byte on (or back), the set is every pawn moved one row, the row beyond it empty
count_work      times 1 + SET_BYTES + 1 db 0

        section .text

; count_moves -- how many legal moves has the side to move? (Liberman: FEUNEGRO /
;                FEUBLANCO, counting)
; IN:  [side], the position; count_pawns kept by the caller (count_pawns_build once,
;      count_pawns_move at each move made and taken back); DI -> free space in the move
;      chain (ES)
; OUT: ECX = the legal moves; CF set if the chain was full (the count is short);
;      DI past the moves stored on the way
; CHG: EAX, EBX, EDX, SI, EBP
count_moves:
        cmp byte [side], WHITE
        je count_white
        jmp count_black

; count_free -- count the moves of the side's pieces that are neither pinned, nor a pawn,
;               nor the king, by their counters
; IN:  not in check; pinned_set; count_pawns; [king_here]; BP = the moves counted so far
; OUT: BP + their moves; count_open
; CHG: EAX, EBX, CX, DX, SI
count_free:
        MOVER_SET ebx
        mov eax, [colour_sets + bx]
        not eax
        mov [count_open], eax
        or eax, [count_pawns + bx]
        or eax, [pinned_set]
        not eax
        mov [gen_pieces], eax
        mov eax, [colour_sets + bx + 4]
        not eax
        mov [count_open + 4], eax
        or eax, [count_pawns + bx + 4]
        or eax, [pinned_set + 4]
        not eax
        mov [gen_pieces + 4], eax
        movzx bx, byte [king_here]
        btr word [gen_pieces], bx
        COUNT_HALF 0
        COUNT_HALF 1
        ret

; count_finish -- the whole count: the moves stored and those counted
; IN:  BP = the moves counted; the moves stored since [chain_start] at ES:DI
; OUT: ECX = all of them; CF clear
; CHG: nothing else
count_finish:
        call gen_finish
        add cx, bp
        clc
        ret

; count_rook -- the free rook's moves, counted (Liberman: TENTOUR); .rays: with SI set
; IN:  DL = the rook's (or queen's) square; count_open; BP = the count so far
; OUT: BP + its moves
; CHG: EAX, BX, CX, SI
count_rook:
        SLIDER_SHUT_IN .none
.rays:
  %assign d ROOK_DIR_FIRST
  %rep LINE_DIRS
        COUNT_RAY d
    %assign d d + 1
  %endrep
.none:  ret

; count_bishop -- the free bishop's moves, counted (Liberman: FOUN); .rays: with SI set
; IN, OUT, CHG: as count_rook
count_bishop:
        SLIDER_SHUT_IN .none
.rays:
  %assign d BISHOP_DIR_FIRST
  %rep LINE_DIRS
        COUNT_RAY d
    %assign d d + 1
  %endrep
.none:  ret

; count_queen -- the free queen's moves: a rook's and a bishop's (Liberman: the queen
;                as `call tourn` + `call foun`)
; IN, OUT, CHG: as count_rook
count_queen:
        SLIDER_SHUT_IN .none
        call count_rook.rays
        jmp count_bishop.rays
.none:  ret

; count_knight -- the free knight's moves, counted (Liberman: CHEVALN): the squares it
;                 reaches that its own side does not hold
; IN, OUT: as count_rook
; CHG: AL, BX, CX, ESI
count_knight:
        JUMPS_FROM knight, dl
.jump:  lodsb
        mov bl, al
        bt word [count_open], bx
        adc bp, 0
        loop .jump
        ret

; count_pawn_moves -- the steps and takes of the pawns at count_work + 1, as two sets
;                     of squares: a row is a byte of a set, so the pawns moved one row
;                     on are the set read one byte on (white) or back (black)
; IN:  count_work + 1 = the pawns; BX = 1 (white's pawns go up the board, to lower
;      squares) or -1 (black's); SI -> the enemy's colour set
; OUT: count_targets = their steps and their takes towards the a-file (no step goes to
;      an enemy's square), then their takes towards the h-file; count_empty
; CHG: EAX, ECX, EDX
count_pawn_moves:
        mov eax, [COLOUR_SET(WHITE)]
        or eax, [COLOUR_SET(BLACK)]
        not eax
        mov [count_empty], eax
        mov ecx, [COLOUR_SET(WHITE) + 4]
        or ecx, [COLOUR_SET(BLACK) + 4]
        not ecx
        mov [count_empty + 4], ecx
        and eax, [count_work + 1 + bx] ; the steps
        and ecx, [count_work + 1 + bx + 4]
        mov [count_targets], eax
        mov [count_targets + 4], ecx
        mov eax, [count_work + 1 + bx]
        mov edx, [count_work + 1 + bx + 4]
        and eax, ~FILE_BITS         ; the takes towards the a-file: a square lower
        and edx, ~FILE_BITS
        shrd eax, edx, 1
        shr edx, 1
        and eax, [si]
        and edx, [si + 4]
        or [count_targets], eax
        or [count_targets + 4], edx
        mov eax, [count_work + 1 + bx]
        mov edx, [count_work + 1 + bx + 4]
        and eax, ~(FILE_BITS << FILE_H) ; towards the h-file: a square higher
        and edx, ~(FILE_BITS << FILE_H)
        shld edx, eax, 1
        shl eax, 1
        and eax, [si]
        and edx, [si + 4]
        mov [count_targets + SET_BYTES], eax
        mov [count_targets + SET_BYTES + 4], edx
        ret

; count_target_bits -- add to BP the squares in the two sets at count_targets: a count of
;                      the bits in parallel (the 386 has no instruction for it), dword
;                      by dword, summed by the byte
; IN:  count_targets; BP
; OUT: BP + the squares
; CHG: EAX, ECX, EDX, SI
count_target_bits:
        mov si, count_targets
        xor ecx, ecx
.dword: lodsd
        NIBBLE_COUNTS eax
        mov edx, eax
        shr edx, 4
        add eax, edx
        and eax, BYTE_NIBBLES       ; at most 8 a byte
        add ecx, eax
        cmp si, count_targets + 2 * SET_BYTES
        jb .dword
        imul ecx, ecx, BYTE_ONES    ; the four bytes summed into the top one
        shr ecx, 3 * 8
        add bp, cx
        ret

; count_pawns_build -- find each colour's pawns on the board, for count_moves
; IN:  the position
; OUT: count_pawns
; CHG: nothing
count_pawns_build:
        pusha
        xor ax, ax
        mov si, count_pawns
.clear: mov [si], ax
        add si, 2
        cmp si, count_pawns + 2 * SET_BYTES
        jb .clear
        mov bx, BOARD_SQUARES - 1
.square:
        mov al, [carreau + bx]
        mov ah, al
        and ah, PIECE_MASK | EMPTY
        cmp ah, PAWN
        jne .next
        and ax, WHITE               ; the colour bit, turned into its set's offset
        shr ax, COLOUR_SHIFT - LIST_SHIFT
        mov si, ax
        bts word [count_pawns + si], bx
.next:  dec bx
        jns .square
        popa
        ret

; count_pawns_move -- keep count_pawns in step with a move made or taken back (the same
;                     squares change either way): a pawn moved, promoted or taken
; IN:  EAX = the move record, [move_now] = it (move_place and move_unmake leave it there)
; OUT: count_pawns
; CHG: BX, ECX, DX
count_pawns_move:
        mov ecx, eax
        MOVE_TO_LOW ecx             ; CL = the to square, CH = what it held
        mov dl, ah
        and dl, PIECE_MASK
        cmp dl, PAWN
        je .pawn
        and ch, PIECE_MASK          ; (EMPTY there reads as a rook)
        cmp ch, PAWN
        je .taken
        ret                         ; most moves: no pawn comes or goes
.pawn:  movzx bx, ah
        and bl, WHITE
        shr bl, COLOUR_SHIFT - LIST_SHIFT ; BX = the mover's set
        movzx dx, al
        and dl, SQUARE_MASK
        btc word [count_pawns + bx], dx ; off its square
        test ah, PROMO_FLAG
        jnz .ep
        movzx dx, cl
        btc word [count_pawns + bx], dx ; onto the next, unless it promotes
.ep:    mov dl, al
        and dl, KIND_MASK
        cmp dl, KIND_EP
        jne .pawn_taken
        push bx
        call move_ep_victim
        mov dx, bx
        pop bx
        jmp .other
.pawn_taken:
        and ch, PIECE_MASK
        cmp ch, PAWN
        je .square
        ret
.taken: movzx bx, ah
        and bl, WHITE
        shr bl, COLOUR_SHIFT - LIST_SHIFT ; the mover's set; the other is the taken pawn's
.square:
        movzx dx, cl
.other: xor bl, SET_BYTES
        btc word [count_pawns + bx], dx
        ret

; ---------------------------------------------------------------------------------------
; COUNT_SIDE colour, name, letter -- count_<name> and its pawns' counter (letter: W or B,
; as in START_ROW_W)
%macro COUNT_SIDE 3
        SIDE_NAMES %1, %2

; count_<colour> -- count_moves for one colour
; IN, OUT, CHG: as count_moves
count_%2:
        mov [chain_start], di
        call gen_%2_checks
        cmp byte [checkers], 0
        jne gen_%2                  ; in check: every evasion stored, as gen_moves does
        mov eax, [pinned_set]       ; stored: the pinned pieces, along their line, and
        mov [gen_pieces], eax       ; the pawns about to promote
        mov eax, [pinned_set + 4]
        mov [gen_pieces + 4], eax
  %if OWN == WHITE
        movzx bx, PROMO_ROW
  %else
        mov bx, PROMO_ROW
  %endif
        mov al, [PAWN_SET(OWN) + bx]
        or [gen_pieces + bx], al
        xor bp, bp
        call count_%2_pawns         ; the other pawns, counted
        mov eax, [gen_pieces]
        or eax, [gen_pieces + 4]
        jnz .stored
        cmp byte [ep_square], NO_SQUARE
        je .counted                 ; nothing to store (most of the time)
.stored:
        push bp
        call gen_%2_pieces.listed   ; (and en passant)
        pop bp
        jc .full
.counted:
        cmp di, CHAIN_GUARD
        ja .full
        call count_free             ; the pieces left, counted one by one
        call gen_%2_king
        jmp count_finish
.full:  stc
        jmp gen_finish

; count_<colour>_pawns -- the steps, double steps and takes of the pawns stored by no
;                         one else, counted for all of them at once on the sets
;                         (Liberman: PIONN, every pawn together)
; IN:  PAWN_SET(OWN); gen_pieces = the pieces stored instead; the colour sets; BP
; OUT: BP + those moves
; CHG: EAX, EBX, ECX, EDX, SI
count_%2_pawns:
        mov eax, [gen_pieces]
        not eax
        and eax, [PAWN_SET(OWN)]
        mov [count_work + 1], eax
        mov eax, [gen_pieces + 4]
        not eax
        and eax, [PAWN_SET(OWN) + 4]
        mov [count_work + 1 + 4], eax
        mov bx, -FORWARD // ROW_STEP
        mov si, COLOUR_SET(ENEMY)
        call count_pawn_moves
  %if OWN == WHITE
        cmp START_ROW, NO_ROW
        je .count                   ; no double step on the 6x6 board
  %endif
        mov al, [count_work + 1 + START_ROW_%3] ; the double steps, into row 0, where no
        and al, [count_empty + START_ROW_%3 + FORWARD // ROW_STEP] ; step nor take goes
        and al, [count_empty + START_ROW_%3 + 2 * FORWARD // ROW_STEP]
        or [count_targets], al
.count: jmp count_target_bits
%endmacro

        COUNT_SIDE WHITE, white, W
        COUNT_SIDE BLACK, black, B

        section .data
; count_finders -- the counter of each content of a square, indexed by it: a black piece
; code (ROOK .. PAWN), then a white one; the king and the pawns, never among the pieces
; counted one by one, have none
count_finders:
        dw count_rook, count_knight, count_bishop, count_queen, gen_no_moves, gen_no_moves
        times WHITE - PIECE_KINDS dw gen_no_moves
        dw count_rook, count_knight, count_bishop, count_queen, gen_no_moves, gen_no_moves
%if ($ - count_finders) != 2 * (WHITE + PIECE_KINDS)
  %error "one counter a content"
%endif
        section .text
