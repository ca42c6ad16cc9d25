; makemove.asm -- play and take back a 4-byte move record (Liberman: ABPLACECARREAU /
; ANPLACECARREAU place a move in CARREAU; CARREAUSTOK / STOKCARREAU keep and restore).
; Liberman copied the whole table before each move; here the record itself says how to
; undo the board (it holds both contents), and undo_stack keeps the little it cannot:
; castling rights, the en-passant square and the half-move clock of each ply.
; Both keep the colour sets and the piece sets (board.asm) in step with the table.
; move_make also keeps a 32-bit Zobrist key of the position up to date (hash_key, for
; the search's repetition test and hash table); key_stack keeps each ply's old key.
; The random keys it is the XOR of (Zobrist 1970) are made once, at the start, into the
; move stack segment (ES:ZOBRIST_BASE, core/core.inc), out of the program's crowded segment.

; makemove.asm: undo_stack
UNDO_SHIFT      equ 2               ; 4 bytes an undo entry

        section .bss

ply             resb 1              ; moves made since the position was set up
null_ply        resw 1              ; [ply] after the search's last pass (a null move,
                                    ; move_pass): never two in a row, and no check after it
undo_stack      resd MAX_PLY        ; a ply: castle, ep_square (bytes), halfmove (word)
move_now        resd 1              ; the move being made or taken back
hash_key        resd 1              ; Zobrist key of the position (hash_compute sets it)
key_stack       resd MAX_PLY        ; the key of the position each ply's move was made in
ply_moves       resd MAX_PLY        ; each ply's move record
%if (1 << UNDO_SHIFT) != 4 || MOVE_SIZE != 4
%error "undo_stack, key_stack and ply_moves share the ply index: a dword a ply"
%endif

        section .data

key_stale_ply   db NO_PLY           ; the ply whose key search_play left to make

        section .text

; MOVE_SAVE reg32 -- keep what a move (or a pass) cannot undo by itself: the castling
; rights, the en-passant square and the half-move clock (board.asm keeps them in one
; dword, as undo_stack does) in undo_stack, the key in key_stack, at [ply]; then
; [ply] + 1.  reg32 is scratch (the key after it); EBX = the [ply] before, the index
; the dword stacks scale by 4 (UNDO_SHIFT), after it.
%if ep_square - castle != 1 || halfmove - castle != 2
  %error "MOVE_SAVE reads the castling rights, the en-passant square and the half-move clock as one dword"
%endif
%macro MOVE_SAVE 1
        movzx ebx, byte [ply]
        mov %1, [castle]
        mov [undo_stack + ebx * 4], %1
        mov %1, [hash_key]
        mov [key_stack + ebx * 4], %1
        inc byte [ply]
%endmacro

; MOVE_RESTORE reg32 -- [ply] - 1, and what MOVE_SAVE kept there back (reg32 is
; scratch; EBX = [ply], the index the dword stacks scale by 4, after it)
%macro MOVE_RESTORE 1
        dec byte [ply]
        movzx ebx, byte [ply]
        mov %1, [undo_stack + ebx * 4]
        mov [castle], %1
        mov %1, [key_stack + ebx * 4]
        mov [hash_key], %1
%endmacro

; ROOK_SHIFT from, to -- the castling rook of the side to move goes from one square to
; the other, on the board and in its colour and piece sets (a macro: make and unmake are
; the search's hot path, where a call would cost instructions)
; CHG: ECX
%macro ROOK_SHIFT 2
        movzx ecx, byte [carreau + %1]
        mov byte [carreau + %1], EMPTY
        mov [carreau + %2], cl
        btr word [piece_sets + ecx * SET_BYTES], %1
        bts word [piece_sets + ecx * SET_BYTES], %2
        MOVER_SET ecx
        btr word [colour_sets + ecx], %1
        bts word [colour_sets + ecx], %2
%endmacro

; move_make -- play a move on the board (Liberman: ABPLACECARREAU / ANPLACECARREAU,
;              with CARREAUSTOK's saving folded in)
; IN:  EAX = a legal move record of the side to move; [ply] < MAX_PLY
; OUT: the position after the move; [ply] + 1
; CHG: EBX, ECX, EDX (EAX kept)
move_make:
        call move_place
        mov byte [key_stale_ply], NO_PLY
        jmp hash_move

; move_place -- move_make without the Zobrist key (perft, which never reads it:
;               [hash_key] keeps the key from before the move, and move_unmake puts
;               back that same key)
; IN, OUT, CHG: as move_make, [hash_key] aside
move_place:
        mov [move_now], eax
        MOVE_SAVE ecx
        mov [ply_moves + ebx * 4], eax ; for search_in_check
        mov byte [ep_square], NO_SQUARE
        add word [halfmove], 1      ; the half-move clock stops at 65535: a game past
        sbb word [halfmove], 0      ; the fifty-move rule stays past it
        movzx bx, al                ; lift the piece
        and bl, SQUARE_MASK
        mov byte [carreau + bx], EMPTY
        mov cl, [castle_keep + bx]  ; the rights a king or rook leaving there takes along
        and [castle], cl
        movzx edx, ah               ; EDX = the mover's content
        and dl, CONTENT_MASK
        btr word [piece_sets + edx * SET_BYTES], bx
        MOVER_SET ecx
        btr word [colour_sets + ecx], bx
        movzx bx, byte [move_now + move.to]
        bts word [colour_sets + ecx], bx
        cmp byte [move_now + move.captured], EMPTY
        je .lifted
        xor cl, SET_BYTES           ; the piece taken leaves the other set
        btr word [colour_sets + ecx], bx
        movzx ecx, byte [move_now + move.captured]
        btr word [piece_sets + ecx * SET_BYTES], bx
        mov word [halfmove], 0      ; a capture
.lifted:
        test ah, PROMO_FLAG         ; DL = what lands: the piece, or what it promotes to
        jz .land
        mov cl, ah
        shr cl, PROMO_SHIFT
        and cl, PROMO_CODE_MASK
        and dl, WHITE
        or dl, cl
.land:  mov [carreau + bx], dl      ; (BX = the to square since the lift)
        bts word [piece_sets + edx * SET_BYTES], bx
        mov cl, [castle_keep + bx]
        and [castle], cl
        test ah, KING               ; most movers are neither pawn nor king: one test
        jz .kind                    ; (KING_BIT_KINDS)
        test ah, PAWN ^ KING
        jz .king
        mov word [halfmove], 0      ; a pawn move
        jmp .kind
.king:  call move_king_square
.kind:  test al, KIND_MASK
        jz .turn
        mov cl, al
        and cl, KIND_MASK
        cmp cl, KIND_DOUBLE
        je .double
        cmp cl, KIND_CASTLE
        je .castle
        call move_ep_victim         ; KIND_EP: the pawn taken leaves the board
        mov byte [carreau + bx], EMPTY
        movzx ecx, byte [side]
        xor cl, WHITE | PAWN
        btr word [piece_sets + ecx * SET_BYTES], bx
        MOVER_SET ecx
        xor cl, SET_BYTES
        btr word [colour_sets + ecx], bx
        jmp .turn
.double:
        mov cl, al                  ; the square passed over is midway
        and cl, SQUARE_MASK
        add cl, bl
        shr cl, 1                   ; halve the sum of the two squares
        mov [ep_square], cl
        jmp .turn
.castle:
        push si
        call castle_rook_path
        ROOK_SHIFT si, bx
        pop si
.turn:  xor byte [side], WHITE
        jz .done
        inc dword [fullmove]         ; black has moved
.done:  ret

; move_unmake -- take a move back (Liberman: STOKCARREAU restores the table)
; IN:  EAX = the move record last made by move_make
; OUT: the position before it; [ply] - 1
; CHG: EBX, ECX, EDX (EAX kept)
move_unmake:
        mov [move_now], eax
        MOVE_RESTORE ecx
        xor byte [side], WHITE
        jnz .board
        dec dword [fullmove]         ; it was black's move
.board: movzx bx, byte [move_now + move.to]
        movzx ecx, byte [carreau + bx] ; what landed leaves its set
        btr word [piece_sets + ecx * SET_BYTES], bx
        movzx edx, byte [move_now + move.captured]
        mov [carreau + bx], dl      ; what was taken (or EMPTY) back on the to square
        MOVER_SET ecx
        btr word [colour_sets + ecx], bx
        cmp dl, EMPTY
        je .from
        xor cl, SET_BYTES           ; the piece taken comes back to the other set
        bts word [colour_sets + ecx], bx
        bts word [piece_sets + edx * SET_BYTES], bx
        xor cl, SET_BYTES           ; the mover's set again
.from:  movzx bx, al
        and bl, SQUARE_MASK
        bts word [colour_sets + ecx], bx
        movzx ecx, ah
        and cl, CONTENT_MASK
        mov [carreau + bx], cl
        bts word [piece_sets + ecx * SET_BYTES], bx
        and cl, PIECE_MASK
        cmp cl, KING
        jne .kind
        call move_king_square
.kind:  test al, KIND_CASTLE        ; castling and en passant: the kinds with this bit
        jz .done
        mov cl, al
        and cl, KIND_MASK
        cmp cl, KIND_CASTLE
        je .castle
        call move_ep_victim         ; the pawn taken comes back, the other colour's
        movzx ecx, ah
        and cl, WHITE
        xor cl, WHITE | PAWN
        mov [carreau + bx], cl
        bts word [piece_sets + ecx * SET_BYTES], bx
        MOVER_SET ecx
        xor cl, SET_BYTES
        bts word [colour_sets + ecx], bx
        jmp .done
.castle:
        push si
        movzx bx, byte [move_now + move.to]
        call castle_rook_path
        ROOK_SHIFT bx, si
        pop si
.done:  ret

; move_pass -- the side to move passes (the search's null move): the other side moves,
;              with no en-passant square and no repetition reaching back over the pass
; IN:  the position; [ply] < MAX_PLY
; OUT: the side switched, [ep_square] = NO_SQUARE, [halfmove] = 0, [hash_key] up to
;      date; [ply] + 1 (undo_stack and key_stack keep what move_unpass restores)
; CHG: EAX, EBX
move_pass:
        mov byte [key_stale_ply], NO_PLY
        MOVE_SAVE eax
        xor eax, [es:ZOBRIST_SIDE]
        movzx ebx, byte [ep_square]
        cmp bl, NO_SQUARE
        je .passed
        and bl, FILE_MASK
        xor eax, [es:ZOBRIST_EP + ebx * 4]
        mov byte [ep_square], NO_SQUARE
.passed:
        mov [hash_key], eax
        xor byte [side], WHITE
        mov word [halfmove], 0
        ret

; move_unpass -- take back a pass
; IN:  the position after move_pass
; OUT: the position before it; [ply] - 1
; CHG: EBX, EDX
move_unpass:
        xor byte [side], WHITE
        MOVE_RESTORE edx
        ret

; move_play -- move_make for the logics that count the positions they visit (the
;              search, the mate logic, the exchange logic)
; IN:  EAX = a legal move of the side to move
; OUT: the position after it; [clock_nodes] + 1
; CHG: nothing
move_play:
        pushad                      ; one instruction for the three registers it changes
        call move_make
        inc dword [clock_nodes]
        popad
        ret

; move_key_ensure -- [hash_key] up to date after search_play: made from the move into
;                    this ply (ply_moves), the key and rights before it (key_stack,
;                    undo_stack), as move_make would have made it
; IN:  the position after a move (its children taken back)
; OUT: [hash_key]
; CHG: AL
move_key_ensure:
        mov al, [ply]
        cmp al, [key_stale_ply]
        jne .done
        mov byte [key_stale_ply], NO_PLY
        pushad                      ; (hash_move's popad)
        movzx ebx, al
        mov eax, [ply_moves - MOVE_SIZE + ebx * MOVE_SIZE]
        mov [move_now], eax
        jmp hash_move_ply
.done:  ret

; move_takeback -- move_unmake, keeping the registers
; IN:  EAX = the move last made
; OUT: the position before it
; CHG: nothing
move_takeback:
        pushad
        call move_unmake
        popad
        ret

; move_king_square -- note where a king now stands
; IN:  AH = the king's content; BL = its square
; OUT: king_squares updated
; CHG: nothing else
move_king_square:
        test ah, WHITE
        jz .black
        mov [KING_SQ(WHITE)], bl
        ret
.black: mov [KING_SQ(BLACK)], bl
        ret

; move_ep_victim -- the square of the pawn an en-passant move takes: on the taker's
;                   row, on the file it goes to
; IN:  [move_now]
; OUT: BX = that square
; CHG: CL
move_ep_victim:
        movzx bx, byte [move_now + move.from]
        and bl, ROW_MASK
        mov cl, [move_now + move.to]
        and cl, FILE_MASK
        or bl, cl
        ret

; castle_rook_path -- where the rook goes when the king castles
; IN:  BX = the king's to square (g or c file)
; OUT: SI = the rook's corner; BX = the rook's square after castling
; CHG: nothing else
castle_rook_path:
        mov si, bx
        and si, FILE_MASK
        cmp si, FILE_G
        mov si, bx
        je .king_side
        sub si, FILE_C - FILE_A
        add bx, FILE_D - FILE_C
        ret
.king_side:
        add si, FILE_H - FILE_G
        sub bx, FILE_G - FILE_F
        ret

; hash_move -- the Zobrist key after a move: the old key with the moved, landed, taken
;              and castling pieces, the side, the castling rights and the en-passant
;              file changed
; IN:  [move_now] just made; the position after it; [ply] its ply + 1 (key_stack and
;      undo_stack hold the key, rights and en-passant square from before it)
; OUT: [hash_key]
; CHG: nothing
hash_move:
        pushad
        movzx ebx, byte [ply]
hash_move_ply:                      ; (move_key_ensure's entry: pushad done, EBX = [ply])
        mov edx, [key_stack - 4 + ebx * 4]
        xor edx, [es:ZOBRIST_SIDE]
        mov cx, [undo_stack - 4 + ebx * 4] ; CL = the rights before, CH = the ep square
        cmp cl, [castle]
        je .old_ep                  ; most moves keep the rights: their key stays
        movzx eax, cl
        xor edx, [es:ZOBRIST_CASTLE + eax * 4]
        mov al, [castle]
        xor edx, [es:ZOBRIST_CASTLE + eax * 4]
.old_ep:
        cmp ch, NO_SQUARE
        je .new_ep
        movzx eax, ch
        and al, FILE_MASK
        xor edx, [es:ZOBRIST_EP + eax * 4]
.new_ep:
        movzx eax, byte [ep_square]
        cmp al, NO_SQUARE
        je .pieces
        and al, FILE_MASK
        xor edx, [es:ZOBRIST_EP + eax * 4]
.pieces:
        mov eax, [move_now]
        movzx ecx, ah               ; the mover's key row, inline (every move pays it)
        and cl, PIECE_MASK | WHITE
        HASH_ROW cl
        shl cx, ROW_BITS_SQUARES
        movzx ebx, al               ; the piece leaves its square
        and bl, SQUARE_MASK
        or bx, cx
        xor edx, [es:ZOBRIST_PIECES + ebx * 4]
        mov bl, [move_now + move.to]
        test ah, PROMO_FLAG
        jnz .promoted
        or bx, cx                   ; and lands on the to square
        xor edx, [es:ZOBRIST_PIECES + ebx * 4]
        jmp .taken
.promoted:
        mov bh, 0
        mov cl, [carreau + bx]      ; what it promotes to lands
        call hash_toggle
.taken: mov cl, [move_now + move.captured]
        cmp cl, EMPTY
        je .kind
        call hash_toggle
.kind:  test al, KIND_CASTLE        ; castling and en passant: the kinds with this bit
        jz .done
        and al, KIND_MASK
        cmp al, KIND_CASTLE
        je .castle
        call move_ep_victim         ; the pawn taken: the side now to move's
        mov cl, [side]
        or cl, PAWN
        call hash_toggle
        jmp .done
.castle:
        movzx bx, byte [move_now + move.to]
        call castle_rook_path       ; BX = the king's square -> the rook's two squares
        mov cl, [carreau + bx]
        call hash_toggle
        xchg bx, si
        call hash_toggle
.done:  mov [hash_key], edx
        popad
        ret

; hash_toggle -- put a piece on a square into the key, or take it out
; IN:  EDX = a key; CL = the content (colour and piece); BL = the square (kind bits
;      above it are ignored)
; OUT: EDX ^= its key (ZOBRIST_PIECES)
; CHG: nothing else
hash_toggle:
        push ebx
        push ecx
        movzx ecx, cl
        and cl, PIECE_MASK | WHITE
        HASH_ROW cl
        shl cx, ROW_BITS_SQUARES
        and ebx, SQUARE_MASK
        or bx, cx
        xor edx, [es:ZOBRIST_PIECES + ebx * 4]
        pop ecx
        pop ebx
        ret

; XORSHIFT_STEP_LEFT n / XORSHIFT_STEP_RIGHT n -- one step of xorshift64: the 64-bit
; state in EAX (upper half) : EDX (lower half) XORed with itself shifted by n
; CHG: EBX, ESI
%macro XORSHIFT_STEP_LEFT 1
        mov ebx, eax
        mov esi, edx
        shld ebx, esi, %1
        shl esi, %1
        xor eax, ebx
        xor edx, esi
%endmacro
%macro XORSHIFT_STEP_RIGHT 1
        mov ebx, eax
        mov esi, edx
        shrd esi, ebx, %1
        shr ebx, %1
        xor eax, ebx
        xor edx, esi
%endmacro

; hash_keys_make -- the Zobrist keys, in the order core/core.inc lays them out: the upper
;                   halves of Marsaglia's xorshift64 states from ZOBRIST_SEED
; IN:  ES = the move stack segment; the direction flag clear
; OUT: ES:ZOBRIST_BASE .. ZOBRIST_KEY_COUNT keys
; CHG: EAX, EBX, CX, EDX, ESI, DI
hash_keys_make:
        mov eax, ZOBRIST_SEED >> 32
        mov edx, ZOBRIST_SEED & 0FFFFFFFFh
        mov di, ZOBRIST_BASE
        mov cx, ZOBRIST_KEY_COUNT
.key:   XORSHIFT_STEP_LEFT XORSHIFT_LEFT_1
        XORSHIFT_STEP_RIGHT XORSHIFT_RIGHT
        XORSHIFT_STEP_LEFT XORSHIFT_LEFT_2
        stosd                       ; the upper half
        loop .key
        ret

; hash_compute -- the Zobrist key of the position, from nothing
; IN:  the position; [variant]
; OUT: [hash_key]
; CHG: nothing
hash_compute:
        pushad
        xor edx, edx
        xor ebx, ebx
.square:
        mov cl, [carreau + bx]
        cmp cl, EMPTY
        je .next
        call hash_toggle
.next:  inc bx
        cmp bx, BOARD_SQUARES
        jb .square
        cmp byte [side], WHITE
        je .rights
        xor edx, [es:ZOBRIST_SIDE]
.rights:
        movzx eax, byte [castle]
        xor edx, [es:ZOBRIST_CASTLE + eax * 4]
        mov al, [ep_square]
        cmp al, NO_SQUARE
        je .done
        and al, FILE_MASK
        xor edx, [es:ZOBRIST_EP + eax * 4]
.done:  cmp byte [variant], VARIANT_LOS_ALAMOS
        jne .key
        xor edx, [es:ZOBRIST_VARIANT]
.key:   mov [hash_key], edx
        popad
        ret
