; pawns.asm -- the pawns' part of the evaluation (beyond Liberman, whose positional logic
; counted material alone): where the pawns stand, kept move by move as a byte of rows a
; file (pawn_rows) with their own Zobrist key; the passed pawns by how far they have
; come, doubled and isolated pawns, all cached by that key (FS: the pawn cache), since
; the same pawns come back again and again in a search; and the passed pawn no king can
; catch in an ending against a side without pieces (the rule of the square).

        section .data

; passed_bonus -- what a passed pawn adds, by its row seen from its own side (row 1: one
; step from promotion ... row 6: its starting rank): a middle-game and an end-game word.
passed_bonus:
        dw   0,   0                 ; row 0: no pawn stands there
        dw  60, 150                 ; rank 7
        dw  40, 100
        dw  25,  60
        dw  15,  35
        dw  10,  20
        dw   5,  10                 ; rank 2
%if $ - passed_bonus != PASSED_ROWS * 4
  %error "a middle-game and an end-game word for each row a pawn can stand on"
%endif

; pawn_bit -- by a square (row * 8 + file): its bit in a colour's pawn_rows (file * 8 + row)
pawn_bit:
  %assign n 0
  %rep BOARD_SQUARES
        db ((n & FILE_MASK) << ROW_SHIFT) | (n >> ROW_SHIFT)
    %assign n n + 1
  %endrep

        section .bss

; pawn_rows -- where the pawns stand: a byte a file, bit n set when a pawn of the colour
; stands on row n; black's files at PAWN_ROWS_BLACK, white's at PAWN_ROWS_WHITE, each
; with an empty byte either side so that a neighbour of the a or h file reads nothing.
pawn_rows       resb PAWN_ROWS_BYTES
pawn_key        resd 1              ; the Zobrist keys of the pawns, xored: pawn_cache's key
%ifdef PASSED_CONNECTED
passer_connected resb 1             ; PASSER_CONNECTED's answer: 1 connected, 0 not
%endif

        section .text

; PAWN_FLIP -- eval_pawn_flip inline, for eval_pawns_changed
; IN:  EBX = the square (0..63); CL's WHITE bit = the pawn's colour
; OUT: its bit toggled in pawn_rows, its Zobrist key in pawn_key
; CHG: EDX
%macro PAWN_FLIP 0
        movzx dx, byte [pawn_bit + ebx]
        test cl, WHITE
        jnz %%white
        btc [pawn_rows + PAWN_ROWS_BLACK], dx
        mov edx, [es:ZOBRIST_PIECES + ((PAWN << ROW_BITS_SQUARES) + ebx) * 4]
        jmp %%key
%%white:
        btc [pawn_rows + PAWN_ROWS_WHITE], dx
        mov edx, [es:ZOBRIST_PIECES + (((HASH_WHITE_ROW + PAWN) << ROW_BITS_SQUARES) + ebx) * 4]
%%key:  xor [pawn_key], edx
%endmacro

; PAWNS_MOVE -- pawn_rows after a move, or before it once it is taken back: each change
; a move makes there is a toggle, so one macro does both; most moves leave the pawns as
; they are, and are told inline (eval_pawns_changed does the rest)
; IN:  EAX = the move
; OUT: pawn_rows, pawn_key
; CHG: EBX, ECX, EDX when it changes them
%macro PAWNS_MOVE 0
        test eax, KING << MOVE_CAPTURED_SHIFT ; a pawn taken: of what a move takes only a
        jnz %%pawns                 ; pawn has the king's bit (EMPTY has not; en passant
        test ah, KING               ; is a pawn's move); the mover a pawn: the king's bit
        jz %%none                   ; and the bit that tells the pawn from the king, with
        test ah, PAWN ^ KING        ; no register changed (KING_BIT_KINDS in chess.inc)
        jz %%none
%%pawns:
        call eval_pawns_changed
%%none:
%endmacro

; PAWN_STEP colour_files, hash_row -- a pawn of one colour leaves square EBX for EDX:
; both bits toggled in pawn_rows, both keys in pawn_key
; CHG: ECX
%macro PAWN_STEP 2
        movzx cx, byte [pawn_bit + ebx]
        btc [pawn_rows + %1], cx
        movzx cx, byte [pawn_bit + edx]
        btc [pawn_rows + %1], cx
        mov ecx, [es:ZOBRIST_PIECES + (((%2) << ROW_BITS_SQUARES) + ebx) * 4]
        xor ecx, [es:ZOBRIST_PIECES + (((%2) << ROW_BITS_SQUARES) + edx) * 4]
        xor [pawn_key], ecx
%endmacro

; eval_pawns_changed -- PAWNS_MOVE for a move that takes or moves a pawn
; IN, OUT: as PAWNS_MOVE
; CHG: EBX, ECX, EDX (its callers run inside eval's pushad)
eval_pawns_changed:
        mov dl, ah                  ; the mover
        and dl, PIECE_MASK
        cmp dl, PAWN
        jne .taken
        movzx ebx, al
        and bl, SQUARE_MASK
        test ah, PROMO_FLAG
        jnz .promotion
        mov edx, eax                ; a pawn's step: from and to, one colour
        MOVE_TO_LOW edx
        movzx edx, dl
        test ah, WHITE
        jnz .white
        PAWN_STEP PAWN_ROWS_BLACK, PAWN
        jmp .stepped
.white: PAWN_STEP PAWN_ROWS_WHITE, HASH_WHITE_ROW + PAWN
.stepped:
        test eax, (KING << MOVE_CAPTURED_SHIFT) | KIND_CASTLE ; a pawn taken (the king's
        jnz .taken                  ; bit, as below) or en passant: the pawn's kind with
        ret                         ; this bit
.promotion:
        mov cl, ah                  ; the pawn leaves its square
        PAWN_FLIP
.taken: test eax, KING << MOVE_CAPTURED_SHIFT
        jz .en_passant              ; of what a move takes only a pawn has the king's bit
        mov ecx, eax
        MOVE_CAPTURED_LOW ecx       ; CL = the pawn taken
        mov ebx, eax
        MOVE_TO_LOW ebx
        movzx ebx, bl
        PAWN_FLIP                   ; a pawn taken
        ret
.en_passant:
        test al, KIND_CASTLE        ; a pawn's move of that kind: en passant
        jz .done
        mov edx, eax                ; the pawn taken stands on the mover's row and the
        MOVE_TO_LOW edx             ; to square's file
        and dl, FILE_MASK
        movzx ebx, al
        and bl, ROW_MASK
        or bl, dl
        mov cl, ah
        xor cl, WHITE
        PAWN_FLIP
.done:  ret

; eval_pawn_flip -- a pawn comes to a square of pawn_rows, or leaves it
; IN:  BL = the square (kind bits ignored); CL = the pawn's content (its colour bit)
; OUT: its bit toggled in pawn_rows, its Zobrist key in pawn_key
; CHG: nothing
eval_pawn_flip:
        push ebx
        push edx
        movzx ebx, bl
        and bl, SQUARE_MASK
        PAWN_FLIP
        pop edx
        pop ebx
        ret

; EVAL_PASSED miss -- the passed pawns: a file's most advanced pawn with no pawn of the
; other side ahead of it on its file or a neighbouring one scores passed_bonus by its
; row.  The sums are kept in the pawn cache (FS) by pawn_key, as the same pawns come
; back again and again in a search; a macro for the cache's answer (every evaluation
; asks), which goes to `miss` when it has none: there eval_passed_miss gives the sums
; IN:  pawn_rows, [pawn_key]; FS = the score segment
; OUT: ESI = PSQ_PACK(the middle-game sum, the end-game sum), white's less black's; on
;      to `miss` with BX = the pawns' cache entry if the cache does not hold them
; CHG: EAX, EBX
%macro EVAL_PASSED 1
        mov eax, [pawn_key]
        mov bx, ax
        and bx, PAWN_CACHE_MASK
        cmp eax, [fs:PAWN_CACHE_BASE + bx + pawn_entry.key]
        jne %1
        mov esi, [fs:PAWN_CACHE_BASE + bx + pawn_entry.sums]
%endmacro

; eval_passed_miss -- EVAL_PASSED's sums counted (eval_passed_count) and kept in the
;                     pawn cache
; IN:  BX = the pawns' cache entry (EVAL_PASSED); pawn_rows, [pawn_key]; FS = the score
;      segment
; OUT: ESI as EVAL_PASSED
; CHG: EAX, EBX, ECX, EDX, EDI
eval_passed_miss:
        push bx
        call eval_passed_count
        pop bx
        shl edi, 16                 ; PSQ_PACK
        add esi, edi
        mov eax, [pawn_key]
        mov [fs:PAWN_CACHE_BASE + bx + pawn_entry.key], eax
        mov [fs:PAWN_CACHE_BASE + bx + pawn_entry.sums], esi
        ret

; eval_passed_count works on four files at once: a dword of pawn_rows is four files' row
; bytes, and the bytes either side (the empty ones past a and h) are its neighbours'.  No
; pawn stands on row 0 or row 7 (fen.asm refuses it; the small board's pawns stand on
; rows 3 to 6), so a byte's bit 7 or bit 0 can be set as a guard, and a byte minus 1 or
; plus 7Fh never borrows from or carries into the next file's byte.
BYTES_ONE       equ 01010101h       ; 1 in each byte
BYTES_ROW_0     equ BYTES_ONE       ; row 0's bit in each byte
BYTES_ROW_7     equ 80808080h       ; row 7's bit in each byte
BYTES_ANY       equ 7F7F7F7Fh       ; added to bytes without bit 7: bit 7 says nonzero
%if PAWN_ROWS_WHITE - PAWN_ROWS_BLACK != FILES + 1 || PAWN_ROWS_BLACK != 1 || FILES != 8
  %error "eval_passed_count reads each colour's files as two dwords with an empty byte either side"
%endif

; ROWS_AROUND files, half -- EAX = the rows of one colour's pawns (files: its
; PAWN_ROWS_*) on each of four files (half 0: a..d, 1: e..h) and on its two neighbours
%macro ROWS_AROUND 2
        mov eax, [pawn_rows + %1 - 1 + 4 * %2]
        or eax, [pawn_rows + %1 + 4 * %2]
        or eax, [pawn_rows + %1 + 1 + 4 * %2]
%endmacro

; PASSED_WHITE half, action -- white's passed pawns on four files (half 0: files a..d,
; 1: e..h), each handed to the macro action (with half; EDX = its row, ECX = its bit in
; the dword: 8 * file in the half + row; action keeps EAX, ECX, ESI's meaning).  The
; file's most advanced pawn (its lowest row) is passed when it stands at or below the
; lowest row of the black pawns on the file and its neighbours (row 7 when none): the
; bits of a byte G up to its lowest are G xor (G - 1)
; CHG: EAX, EBX, ECX, EDX
%macro PASSED_WHITE 2
        ROWS_AROUND PAWN_ROWS_BLACK, %1
        or eax, BYTES_ROW_7
        lea edx, [eax - BYTES_ONE]
        xor eax, edx
        and eax, [pawn_rows + PAWN_ROWS_WHITE + 4 * %1]
        jz %%done                   ; EAX: in a passed file's byte, its pawns from the
%%pawn: bsf ecx, eax                ; most advanced on, the lowest bit that one
        mov edx, ecx
        and edx, RANKS - 1          ; its row
        %2 %1
        or cl, RANKS - 1            ; drop the file's byte and those below it
        inc cl
        cmp cl, DWORD_BITS
        jae %%done
        shr eax, cl
        shl eax, cl
        jnz %%pawn
%%done:
%endmacro

; PASSER_CONNECTED files, half, behind -- the candidate -DPASSED_CONNECTED: does a pawn
; of the passed pawn's colour stand beside it or on a square that defends it (a
; neighbouring file, its row or the row behind: behind 0 for white, whose row behind is
; row + 1, 1 for black, row - 1)?
; IN:  ECX = the pawn's bit in the half's dword (PASSED_WHITE, PASSED_BLACK); DL = its row
; OUT: [passer_connected] = 1 if so, else 0
; CHG: EBX
%macro PASSER_CONNECTED 3
        push ecx
        shr ecx, ROW_SHIFT          ; the pawn's file in the half
        mov bl, [pawn_rows + %1 - 1 + 4 * %2 + ecx]
        or bl, [pawn_rows + %1 + 1 + 4 * %2 + ecx]
        mov cl, dl
        sub cl, %3
        shr bl, cl                  ; bits 0, 1: the row behind and the pawn's (black), or
        test bl, 3                  ; the pawn's and the row behind (white)
        setnz [passer_connected]
        pop ecx
%endmacro

; PASSER_CONNECTED_BONUS -- PASSED_BONUS_*'s candidate -DPASSED_CONNECTED: a connected
; passed pawn's passed_bonus >> PASSED_CONNECTED_SHIFT more
; IN:  EDX = the row passed_bonus is read at; [passer_connected]
; CHG: EBX
%macro PASSER_CONNECTED_BONUS 1     ; op: add (white), sub (black)
        cmp byte [passer_connected], 0
        je %%alone
        movsx ebx, word [passed_bonus + edx * 4]
        sar ebx, PASSED_CONNECTED_SHIFT
        %1 esi, ebx
        movsx ebx, word [passed_bonus + edx * 4 + 2]
        sar ebx, PASSED_CONNECTED_SHIFT
        %1 edi, ebx
%%alone:
%endmacro

; PASSED_BONUS_WHITE half -- PASSED_WHITE's action for eval_passed_count: the pawn's
; passed_bonus added to ESI, EDI
%macro PASSED_BONUS_WHITE 1
%ifdef PASSED_CONNECTED
        PASSER_CONNECTED PAWN_ROWS_WHITE, %1, 0
%endif
        cmp byte [variant], VARIANT_LOS_ALAMOS
        jne %%row
        sub dl, FILES - LA_RANKS    ; the 6x6 board's rows seen from white's side
%%row:  movsx ebx, word [passed_bonus + edx * 4]
        add esi, ebx
        movsx ebx, word [passed_bonus + edx * 4 + 2]
        add edi, ebx
%ifdef PASSED_CONNECTED
        PASSER_CONNECTED_BONUS add
%endif
%endmacro

; PASSED_BLACK half, action -- PASSED_WHITE for black, whose most advanced pawn is a
; file's highest row: passed when at or above the highest row of the white pawns around
; (row 0 when none), the bits of a byte from its highest up being the complement of the
; byte filled downwards and shifted down one
; CHG: EAX, EBX, ECX, EDX
%macro PASSED_BLACK 2
        ROWS_AROUND PAWN_ROWS_WHITE, %1
        or eax, BYTES_ROW_0
  %assign n 1
  %rep 3
        mov edx, eax
        shr edx, n
        and edx, (0FFh >> n) * BYTES_ONE
        or eax, edx
    %assign n n * 2
  %endrep
        shr eax, 1                  ; the bits below each byte's highest
        and eax, 7Fh * BYTES_ONE
        not eax
        and eax, [pawn_rows + PAWN_ROWS_BLACK + 4 * %1]
        jz %%done
%%pawn: bsr ecx, eax                ; the highest file's most advanced pawn
        mov edx, ecx
        and edx, RANKS - 1
        %2 %1
        and cl, ~(RANKS - 1)        ; keep the bytes below the file's
        jz %%done
        neg cl
        add cl, DWORD_BITS
        shl eax, cl
        shr eax, cl
        jnz %%pawn
%%done:
%endmacro

; PASSED_BONUS_BLACK half -- PASSED_BLACK's action for eval_passed_count
%macro PASSED_BONUS_BLACK 1
%ifdef PASSED_CONNECTED
        PASSER_CONNECTED PAWN_ROWS_BLACK, %1, 1
%endif
        xor dl, ROW_MASK >> ROW_SHIFT ; the row seen from black's side
        movsx ebx, word [passed_bonus + edx * 4]
        sub esi, ebx
        movsx ebx, word [passed_bonus + edx * 4 + 2]
        sub edi, ebx
%ifdef PASSED_CONNECTED
        PASSER_CONNECTED_BONUS sub
%endif
%endmacro

; PAWN_FAULTS files, half, op -- a colour's doubled pawns (each beyond the first on a
; file: a byte and itself less 1 keep the bits past its lowest) and isolated pawns (all
; the pawns of a file whose neighbours hold none) on four files, their costs taken off
; ESI, EDI (op sub: white) or added (op add: black)
; CHG: EAX, EBX, ECX, EDX
%macro PAWN_FAULTS 3
        mov eax, [pawn_rows + %1 + 4 * %2]
        mov edx, eax
        or edx, BYTES_ROW_7
        sub edx, BYTES_ONE
        and eax, edx
        jz %%lone
%%doubled:
        %3 esi, DOUBLED_MIDDLE
        %3 edi, DOUBLED_END
        lea edx, [eax - 1]
        and eax, edx
        jnz %%doubled
%%lone: mov eax, [pawn_rows + %1 - 1 + 4 * %2]
        or eax, [pawn_rows + %1 + 1 + 4 * %2]
        add eax, BYTES_ANY          ; bit 7 of a byte: a neighbour holds a pawn
        mov edx, [pawn_rows + %1 + 4 * %2]
        add edx, BYTES_ANY          ; bit 7: the file holds one
        not eax
        and eax, edx
        and eax, BYTES_ROW_7
        jz %%done
%%file: bsf ecx, eax                ; an isolated file
        btr eax, ecx
        shr cl, 3
        movzx edx, byte [pawn_rows + %1 + 4 * %2 + ecx]
%%isolated:
        %3 esi, ISOLATED_MIDDLE
        %3 edi, ISOLATED_END
        lea ebx, [edx - 1]
        and edx, ebx
        jnz %%isolated
        test eax, eax
        jnz %%file
%%done:
%endmacro

; eval_passed_count -- eval_passed's sums counted from pawn_rows, four files at a time
; IN:  pawn_rows
; OUT: ESI = the middle-game sum, EDI = the end-game sum, white's less black's, the
;      doubled and isolated pawns counted in
; CHG: EAX, EBX, ECX, EDX
eval_passed_count:
        xor esi, esi
        xor edi, edi
        PAWN_FAULTS PAWN_ROWS_WHITE, 0, sub
        PAWN_FAULTS PAWN_ROWS_WHITE, 1, sub
        PAWN_FAULTS PAWN_ROWS_BLACK, 0, add
        PAWN_FAULTS PAWN_ROWS_BLACK, 1, add
        PASSED_WHITE 0, PASSED_BONUS_WHITE
        PASSED_WHITE 1, PASSED_BONUS_WHITE
        PASSED_BLACK 0, PASSED_BONUS_BLACK
        PASSED_BLACK 1, PASSED_BONUS_BLACK
        ret

; RUNNER_WHITE half, RUNNER_BLACK half -- the actions of PASSED_WHITE / PASSED_BLACK for
; eval_runners: RUNNER_CP added to (taken off) ESI when the other king cannot catch the
; pawn (eval_runner_free)
%macro RUNNER_WHITE 1
        push eax
        push ecx
        mov ebx, ecx
        shr ebx, ROW_SHIFT
        add bl, 4 * %1              ; the pawn's file
        mov cl, dl                  ; its rows to go: its row
        mov al, [KING_SQ(BLACK)]
        mov ah, al
        shr ah, ROW_SHIFT           ; the king's rows to the eighth
        cmp byte [variant], VARIANT_LOS_ALAMOS
        jne %%free
        sub cl, FILES - LA_RANKS    ; on the 6x6 board: to the sixth
        sub ah, FILES - LA_RANKS
%%free: mov ch, BLACK
        call eval_runner_free
        jnc %%caught
        add esi, RUNNER_CP
%%caught:
        pop ecx
        pop eax
%endmacro
%macro RUNNER_BLACK 1
        push eax
        push ecx
        mov ebx, ecx
        shr ebx, ROW_SHIFT
        add bl, 4 * %1
        mov cl, dl
        xor cl, ROW_MASK >> ROW_SHIFT ; its rows to go
        mov al, [KING_SQ(WHITE)]
        mov ah, al
        shr ah, ROW_SHIFT
        xor ah, ROW_MASK >> ROW_SHIFT ; the king's rows to the first
        mov ch, WHITE
        call eval_runner_free
        jnc %%caught
        sub esi, RUNNER_CP
%%caught:
        pop ecx
        pop eax
%endmacro

; eval_runners -- against a side without pieces, each passed pawn its king cannot catch
;                (the rule of the square: it needs more moves to reach the promotion
;                square than the pawn, the side to move counted) adds RUNNER_CP; the
;                passed pawns found four files at a time, as eval_passed_count does
; IN:  EAX = the score from white's view; [eval_phase], pawn_rows, the kings, [side]
; OUT: EAX with the runners added
; CHG: EBX, ECX, EDX
eval_runners:
        mov edx, [pawn_rows]        ; no pawn at all (the mating endings): no file to
  %assign i 4                       ; look at
  %rep PAWN_ROWS_BYTES / 4 - 1
        or edx, [pawn_rows + i]
    %assign i i + 4
  %endrep
        jnz .pawns
        ret
.pawns: push esi
        push edi
        mov esi, eax
        cmp byte [eval_phase + (BLACK >> COLOUR_SHIFT)], 0
        jne .blacks                 ; black has pieces: no white runner
        PASSED_WHITE 0, RUNNER_WHITE
        PASSED_WHITE 1, RUNNER_WHITE
.blacks:
        cmp byte [eval_phase + (WHITE >> COLOUR_SHIFT)], 0
        jne .done                   ; white has pieces: no black runner
        PASSED_BLACK 0, RUNNER_BLACK
        PASSED_BLACK 1, RUNNER_BLACK
.done:  mov eax, esi
        pop edi
        pop esi
        ret

; eval_runner_free -- can a passed pawn outrun the king that stands against it?
; IN:  BL = the pawn's file; CL = its rows to go; AL = the king's square, AH = its rows
;      to the promotion rank; CH = the king's colour
; OUT: CF set if the king cannot catch it
; CHG: AX, CL
eval_runner_free:
        cmp cl, RUNNER_FIRST_ROW
        jne .steps
        dec cl                      ; the double step
.steps: and al, FILE_MASK
        sub al, bl
        jns .file
        neg al
.file:  cmp al, ah                  ; the king's moves: the larger of file and row
        jae .king
        mov al, ah
.king:  cmp ch, [side]
        jne .compare
        dec al                      ; it moves first
.compare:
        cmp cl, al                  ; CF: the pawn needs fewer moves
        ret
