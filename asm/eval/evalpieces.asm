; evalpieces.asm -- the pieces' part of the evaluation (beyond Liberman and PeSTO),
; with Fruit 2.1's weights (Fabien Letouzey's eval.cpp): the bishop pair, rooks on files
; without pawns of their side or without any pawn, and material that cannot win without
; pawns; and the pawns' threats against the side to move (read off the sets at every
; evaluation, as a fork is made by one move and met by the next).  The first two terms
; are read off piece_sets (kept by make and take-back) only when a
; move changes them: the pair when a bishop is taken or a rare move is made, the rooks'
; files when a rook changes file or a pawn is taken or takes (eval.asm's eval_move; not
; in the quiescence search, whose captures keep the last full-width move's count).  They
; live in eval_state, so take-back restores them with the other sums.

        section .text

; eval_pairs_update -- BISHOP_PAIR_CP for each side with two bishops or more, white's
;                      less black's, in eval_psq as piece_sets has them ([eval_pairs]
;                      says which pairs eval_psq holds)
; IN:  piece_sets, [eval_pairs], [eval_psq]
; OUT: [eval_pairs], [eval_psq]
; CHG: nothing
eval_pairs_update:
        pushad
        mov si, PIECE_SET(BISHOP_W)
        call eval_two_or_more
        rcl cl, 1                   ; CL bit 1: white's pair
        mov si, PIECE_SET(BISHOP_B)
        call eval_two_or_more
        rcl cl, 1                   ; bit 0: black's
        and cl, PAIR_WHITE | PAIR_BLACK
        mov al, cl
        xchg cl, [eval_pairs]
        xor cl, al                  ; CL = the pairs that changed
        mov edx, BISHOP_PAIR_CP * PSQ_BOTH
        test cl, PAIR_WHITE
        jz .black
        test al, PAIR_WHITE
        jnz .white
        neg edx
.white: add [eval_psq], edx
        mov edx, BISHOP_PAIR_CP * PSQ_BOTH
.black: test cl, PAIR_BLACK
        jz .done
        test al, PAIR_BLACK
        jz .gone
        neg edx
.gone:  add [eval_psq], edx
.done:  popad
        ret
%if PAIR_WHITE != 2 || PAIR_BLACK != 1
  %error "eval_pairs_update shifts white's pair in first"
%endif

; eval_two_or_more -- does a set hold two squares or more?
; IN:  SI -> the 64-bit set
; OUT: CF set if so
; CHG: EAX, EDX
eval_two_or_more:
        mov eax, [si]
        mov edx, [si + 4]
        test eax, eax
        jz .one_half
        test edx, edx
        jnz .two                    ; one at least in each half
        mov edx, eax
.one_half:
        lea eax, [edx - 1]
        test eax, edx               ; (CF clear) 0: one square at most
        jz .done
.two:   stc
.done:  ret

; SET_FILES reg32, temp32, content -- the low byte of reg32 = the files (bit f: file f)
; where a piece of that content stands (a row of a set is a byte)
%macro SET_FILES 3
        mov %1, [PIECE_SET(%3)]
        or %1, [PIECE_SET(%3) + 4]
        mov %2, %1
        shr %2, 16
        or %1, %2
        mov %2, %1
        shr %2, 8
        or %1, %2
%endmacro

; eval_rook_files -- the rooks on files without their side's pawns (ROOK_SEMI_*) or
;                   without any pawn (ROOK_OPEN_MIDDLE more), white's less black's
; IN:  piece_sets
; OUT: [eval_rook]; [eval_psq] changed by as much
; CHG: nothing
eval_rook_files:
        pushad
        SET_FILES ebx, eax, PAWN_W  ; BL = the files with a white pawn
        SET_FILES ecx, eax, PAWN_B  ; CL = with a black pawn
        mov bh, bl
        or bh, cl
        not bh                      ; BH = the files without any pawn
        mov ch, bh
        not bl                      ; BL, CL = the files without the side's own pawns
        not cl
        push cx                     ; black's files
        mov si, PIECE_SET(ROOK_W)
        call eval_rooks_count
        mov di, dx                  ; DI = white's counts
        pop bx
        mov si, PIECE_SET(ROOK_B)
        call eval_rooks_count
        mov ax, di
        sub al, dl                  ; AL: rooks on files without their pawns, white's
        sub ah, dh                  ; less black's; AH: on files without any pawn
        movsx edx, al
        imul edx, edx, PSQ_PACK(ROOK_SEMI_MIDDLE, ROOK_SEMI_END)
        movsx eax, ah
        imul eax, eax, ROOK_OPEN_MIDDLE
        add eax, edx                ; PSQ_PACK(middle, end)
        mov edx, eax
        xchg eax, [eval_rook]
        sub edx, eax
        add [eval_psq], edx         ; the change
        popad
        ret

; eval_rooks_count -- a side's rooks on files without its pawns, and without any pawn
; IN:  SI -> the side's rooks' set; BL = the files without its pawns, BH = the files
;      without any pawn (bit f: file f)
; OUT: DL = its rooks on BL's files, DH = those on BH's
; CHG: EAX, ECX
eval_rooks_count:
        xor dx, dx
        mov eax, [si]
        call .half
        mov eax, [si + 4]
.half:  bsf ecx, eax
        jz .done
        btr eax, ecx
        and cx, FILE_MASK
        bt bx, cx
        adc dl, 0
        add cx, FILES               ; BH's bit
        bt bx, cx
        adc dh, 0
        jmp .half
.done:  ret

; eval_rook_shift -- eval_rook_files for a rook's quiet move to another file: the pawns
;                    stay, so the count changes by the to file's worth less the from
;                    file's
; IN:  AL = the from square (and kind), CL = the to square, AH = the rook; pawn_rows
; OUT: [eval_rook]; [eval_psq] changed by as much
; CHG: EBX, EDX, SI, DI, EBP
eval_rook_shift:
        mov si, PAWN_ROWS_WHITE     ; SI = the rook's side's files, DI = the other's
        mov di, PAWN_ROWS_BLACK
        test ah, WHITE
        jnz .files
        xchg si, di
.files: movzx bx, al
        and bl, FILE_MASK
        call .worth
        mov ebp, edx                ; EBP = the from file's worth
        mov bl, cl
        and bl, FILE_MASK
        call .worth
        sub edx, ebp                ; the change, the rook's side's view
        test ah, WHITE
        jnz .add
        neg edx                     ; black's counts against white
.add:   add [eval_rook], edx
        add [eval_psq], edx
        ret
; .worth: EDX = a rook's worth on file BX (eval_rook_files' terms, PSQ_PACK): nothing
; with a pawn of its side (SI) there, ROOK_SEMI_* without one, ROOK_OPEN_MIDDLE more
; without the other side's (DI) either
.worth: xor edx, edx
        cmp byte [pawn_rows + si + bx], 0
        jne .done
        mov edx, PSQ_PACK(ROOK_SEMI_MIDDLE, ROOK_SEMI_END)
        cmp byte [pawn_rows + di + bx], 0
        jne .done
        add edx, ROOK_OPEN_MIDDLE
.done:  ret

; eval_recount -- eval_rook_files, unless [eval_frozen] (the quiescence search's moves)
; IN, OUT: as eval_rook_files; [eval_frozen]
; CHG: nothing
eval_recount:
        cmp byte [eval_frozen], 0
        jne .done
        call eval_rook_files
.done:  ret

; EVAL_DRAW_SCALE -- a side ahead without pawns cannot win with a minor piece alone,
; and hardly with a minor piece more than the other side: its score shrinks to a
; sixteenth, or to a quarter (rounded toward 0, so that either colour ahead gets the
; same).  A macro, once a colour in eval_position: the side ahead's pawns looked at
; inline (every evaluation), eval_draw_scale for a side ahead without them
; IN:  EAX = the score from white's view; [eval_phase], pawn_rows
; OUT: EAX scaled
; CHG: CX, EDX, SI
%macro EVAL_DRAW_SCALE 0
        test eax, eax
        jg %%white
        jz %%done
        cmp dword [pawn_rows + PAWN_ROWS_BLACK], 0 ; black is ahead: has it pawns?
        jne %%done
        cmp dword [pawn_rows + PAWN_ROWS_BLACK + 4], 0
        jne %%done
        mov cx, [eval_phase]        ; CL = black's share, CH = white's
        xchg cl, ch                 ; seen from black
        jmp %%pawnless
%%white:
        cmp dword [pawn_rows + PAWN_ROWS_WHITE], 0 ; white is ahead
        jne %%done
        cmp dword [pawn_rows + PAWN_ROWS_WHITE + 4], 0
        jne %%done
        mov cx, [eval_phase]
%%pawnless:
        call eval_draw_scale
%%done:
%endmacro

; eval_draw_scale -- EVAL_DRAW_SCALE's scale of a side ahead without pawns
; IN:  EAX = the score from white's view; CH = the phase share of the side ahead, CL =
;      the other side's
; OUT: EAX scaled
; CHG: CX, EDX, SI
eval_draw_scale:
        cmp ch, PHASE_BISHOP
        ja .more
        mov cl, DRAW_SHIFT_MINOR
        jmp .scale
.more:  sub ch, cl
        cmp ch, PHASE_BISHOP
        ja .done
        mov cl, DRAW_SHIFT_LEAD
.scale: cdq                         ; a negative score rounds toward 0 as well
        mov si, 1
        shl si, cl
        dec si
        and dx, si
        movzx edx, dx
        add eax, edx
        sar eax, cl
.done:  ret

; PAWN_THREATS colour -- EDX:EBX = the men of `colour` other than pawns (the king
; included) that the other side's pawns attack: the pawns' set shifted a row and a file
; each way, the file at the edge masked first so that no capture wraps to the other
; side of the board.  CHG: ECX, ESI, EDI
%macro PAWN_THREATS 1
  %if %1 == WHITE
    %define %%pawns PIECE_SET(BLACK | PAWN)
  %else
    %define %%pawns PIECE_SET(WHITE | PAWN)
  %endif
        mov ebx, [%%pawns]              ; EDX:EBX, the pawns that take toward the a file
        mov edx, [%%pawns + 4]
        mov esi, ebx                    ; EDI:ESI, toward the h file
        mov edi, edx
        and ebx, ~FILE_BITS
        and edx, ~FILE_BITS
        and esi, ~(FILE_BITS << FILE_H)
        and edi, ~(FILE_BITS << FILE_H)
  %if %1 == WHITE
        shld edx, ebx, ROW_STEP - 1     ; black's pawns take down the board
        shl ebx, ROW_STEP - 1
        shld edi, esi, ROW_STEP + 1
        shl esi, ROW_STEP + 1
  %else
        shrd ebx, edx, ROW_STEP + 1     ; white's take up it
        shr edx, ROW_STEP + 1
        shrd esi, edi, ROW_STEP - 1
        shr edi, ROW_STEP - 1
  %endif
        or ebx, esi
        or edx, edi
        mov ecx, [COLOUR_SET(%1)]       ; the side's men, less its pawns (a part of
        xor ecx, [PIECE_SET(%1 | PAWN)] ; them)
        and ebx, ecx
        mov ecx, [COLOUR_SET(%1) + 4]
        xor ecx, [PIECE_SET(%1 | PAWN) + 4]
        and edx, ecx
%endmacro

%ifdef KNIGHT_THREATS
; THREATS_BY_KNIGHTS colour -- a candidate (-DKNIGHT_THREATS): EDX:EBX |= the rooks and
; queens of `colour` that the other side's knights attack (a lesser piece's threat,
; counted with the pawns')
; IN:  EDX:EBX as PAWN_THREATS leaves them.  CHG: ECX, ESI, EDI
%macro THREATS_BY_KNIGHTS 1
  %if %1 == WHITE
    %define %%knights PIECE_SET(BLACK | KNIGHT)
  %else
    %define %%knights PIECE_SET(WHITE | KNIGHT)
  %endif
        push eax
        mov esi, [%%knights]            ; EDI:ESI, the knights not yet looked at
        mov edi, [%%knights + 4]
%%next: bsf ecx, esi
        jz %%high
        btr esi, ecx
        jmp %%zone
%%high: bsf ecx, edi
        jz %%done
        btr edi, ecx
        add ecx, DWORD_BITS
%%zone: mov eax, [PIECE_SET(%1 | ROOK)]
        or eax, [PIECE_SET(%1 | QUEEN)]
        and eax, [knight_zone + ecx * SET_BYTES]
        or ebx, eax
        mov eax, [PIECE_SET(%1 | ROOK) + 4]
        or eax, [PIECE_SET(%1 | QUEEN) + 4]
        and eax, [knight_zone + ecx * SET_BYTES + 4]
        or edx, eax
        jmp %%next
%%done: pop eax
%endmacro
%endif

; EVAL_THREATS colour, op -- the move in hand, less what the other side's pawns
; threaten: the men of `colour`, the side to move, that they attack (a pawn's check
; included).  One costs the move in hand (it must step away); two or more are a fork
; that costs a piece, which the static score cannot see (the quiescence search stands
; pat on it and looks only at taking the pawn).  A macro, once a colour in
; eval_position: every evaluation runs it.  New: Liberman's positional logic counted
; material alone
; IN:  piece_sets, colour_sets; EAX = the score from white's view
; OUT: EAX op= TEMPO_CP, less THREAT_ONE_CP for one man attacked, THREAT_FORK_CP for more
;      (op: add for white, sub for black)
; CHG: EBX, ECX, EDX, ESI, EDI
%macro EVAL_THREATS 2
        PAWN_THREATS %1
%ifdef KNIGHT_THREATS
        THREATS_BY_KNIGHTS %1
%endif
        mov ecx, TEMPO_CP
        mov esi, ebx
        or esi, edx
        jz %%done
        sub ecx, THREAT_ONE_CP
        test ebx, ebx                   ; the lowest one cleared: any left?
        jz %%high
        lea esi, [ebx - 1]
        and ebx, esi
        jmp %%more
%%high: lea esi, [edx - 1]
        and edx, esi
%%more: or ebx, edx
        jz %%done
        sub ecx, THREAT_FORK_CP - THREAT_ONE_CP
%%done: %2 eax, ecx
%endmacro

%ifdef MOBILITY
; ---------------------------------------------------------------------------------------
; A candidate (-DMOBILITY): Fruit 2.1's mobility of the minor pieces, the squares each
; knight and bishop can go to (empty, or held by an enemy man), above a unit a piece.

        section .bss
mobility_sum    resd 1              ; eval_mobility's sum so far
        section .text

; MOBILITY_SUM content, colour, counter, unit, cp, op -- [mobility_sum] op= cp x (the
; squares of each piece of `content` less `unit`), the squares counted by `counter`
; CHG: EAX, EBX, ECX, EDX, ESI, EDI, EBP
%macro MOBILITY_SUM 6
        xor edx, edx
        mov ebp, [PIECE_SET(%1)]
        xor esi, esi                ; ESI = the dword's first square: 0, then DWORD_BITS
%%next: bsf ecx, ebp
        jz %%dword
        btr ebp, ecx
        push esi
        add esi, ecx
        mov ah, %2
        sub edx, %4
        call %3
        pop esi
        jmp %%next
%%dword:
        test esi, esi
        jnz %%sum
        mov esi, DWORD_BITS
        mov ebp, [PIECE_SET(%1) + SET_BYTES / 2]
        jmp %%next
%%sum:  imul edx, edx, %5
        %6 [mobility_sum], edx
%endmacro

; eval_mobility -- the knights' and bishops' mobility, white's less black's
; IN:  piece_sets, colour_sets, carreau
; OUT: EAX = the score in centipawns, white's view (the same in both phases)
; CHG: nothing else
eval_mobility:
        push ebx
        push ecx
        push edx
        push esi
        push edi
        push ebp
        mov dword [mobility_sum], 0
        MOBILITY_SUM KNIGHT_W, WHITE, eval_knight_squares, MOB_KNIGHT_UNIT, MOB_KNIGHT_CP, add
        MOBILITY_SUM KNIGHT_B, BLACK, eval_knight_squares, MOB_KNIGHT_UNIT, MOB_KNIGHT_CP, sub
        MOBILITY_SUM BISHOP_W, WHITE, eval_bishop_squares, MOB_BISHOP_UNIT, MOB_BISHOP_CP, add
        MOBILITY_SUM BISHOP_B, BLACK, eval_bishop_squares, MOB_BISHOP_UNIT, MOB_BISHOP_CP, sub
        mov eax, [mobility_sum]
        pop ebp
        pop edi
        pop esi
        pop edx
        pop ecx
        pop ebx
        ret

; eval_knight_squares -- a knight's squares not held by its own side
; IN:  ESI = its square; AH = its colour
; OUT: EDX += the squares
; CHG: EAX, EBX, ECX
eval_knight_squares:
        movzx ecx, ah
        shr ecx, COLOUR_SHIFT - LIST_SHIFT ; its side's set (as MOVER_SET)
        mov eax, [colour_sets + ecx]
        mov ebx, [colour_sets + ecx + SET_BYTES / 2]
        not eax
        not ebx
        and eax, [knight_zone + esi * SET_BYTES]
        and ebx, [knight_zone + esi * SET_BYTES + SET_BYTES / 2]
.low:   test eax, eax
        jz .high
        inc edx
        lea ecx, [eax - 1]
        and eax, ecx
        jmp .low
.high:  test ebx, ebx
        jz .done
        inc edx
        lea ecx, [ebx - 1]
        and ebx, ecx
        jmp .high
.done:  ret

; eval_bishop_squares -- a bishop's squares: the empty ones along its four lines, and the
; first man of the other side on each
; IN:  ESI = its square; AH = its colour
; OUT: EDX += the squares
; CHG: AL, EBX, ECX, EDI
eval_bishop_squares:
        mov edi, BISHOP_DIR_FIRST
.line:  movzx ecx, byte [ray_len + esi * DIRECTIONS + edi]
        mov ebx, esi
        jecxz .next
.step:  add bl, [dir_delta + edi]
        mov al, [carreau + ebx]
        cmp al, EMPTY
        jne .man
        inc edx
        loop .step
        jmp .next
.man:   xor al, ah
        test al, WHITE              ; the colour bit differs: an enemy man
        jz .next
        inc edx
.next:  inc edi
        cmp edi, BISHOP_DIR_FIRST + LINE_DIRS
        jb .line
        ret
%endif

%ifdef KING_ATTACK
; ---------------------------------------------------------------------------------------
; A candidate (-DKING_ATTACK), after Fruit 2.1's king attack: the pieces of a side whose
; moves reach the squares next to the other king (a line's piece seen through the men
; between: no walk), KING_ATTACK_CP x their units x a weight by how many they are, / 256,
; in the middle game, where the attacking side has a queen.

        section .data
; king_attack_weight -- Fruit 2.1's KingAttackWeight / 256 by the attackers' count
king_attack_weight db 0, 0, 128, 192, 224, 240, 248, 252
%if $ - king_attack_weight != KING_ATTACKERS_MAX + 1
  %error "a weight for each count up to KING_ATTACKERS_MAX"
%endif
        section .bss
king_attack_sum resd 1              ; eval_king_attack's sum so far
        section .text

; ATTACKERS content, table, unit, rook -- DL += the men of `content` whose `table` set
; (xor bishop_lines when `rook` is 1: a rook's lines) meets ESI:EDI, DH += unit each
; CHG: EAX, EBX, ECX, EBP
%macro ATTACKERS 4
        mov ebp, [PIECE_SET(%1)]
        xor eax, eax                ; EAX = the dword's first square: 0, then DWORD_BITS
%%next: bsf ecx, ebp
        jz %%dword
        btr ebp, ecx
        add ecx, eax
        mov ebx, [%2 + ecx * SET_BYTES]
  %if %4
        xor ebx, [bishop_lines + ecx * SET_BYTES]
  %endif
        and ebx, esi
        jnz %%hit
        mov ebx, [%2 + ecx * SET_BYTES + SET_BYTES / 2]
  %if %4
        xor ebx, [bishop_lines + ecx * SET_BYTES + SET_BYTES / 2]
  %endif
        and ebx, edi
        jz %%next
%%hit:  inc dl
        add dh, %3
        jmp %%next
%%dword:
        test eax, eax
        jnz %%end
        mov eax, DWORD_BITS
        mov ebp, [PIECE_SET(%1) + SET_BYTES / 2]
        jmp %%next
%%end:
%endmacro

; KING_ATTACK_SUM king, enemy, op -- [king_attack_sum] op= the attack on `king`'s colour
; CHG: EAX, EBX, ECX, EDX, ESI, EDI, EBP
%macro KING_ATTACK_SUM 3
        mov eax, [PIECE_SET(%2 | QUEEN)]
        or eax, [PIECE_SET(%2 | QUEEN) + SET_BYTES / 2]
        jz %%done
        movzx ebx, byte [KING_SQ(%1)]
        mov esi, [king_zone + ebx * SET_BYTES]
        mov edi, [king_zone + ebx * SET_BYTES + SET_BYTES / 2]
        xor edx, edx                ; DL = the attackers, DH = their units
        ATTACKERS %2 | KNIGHT, knight_zone, KING_ATTACK_MINOR, 0
        ATTACKERS %2 | BISHOP, bishop_lines, KING_ATTACK_MINOR, 0
        ATTACKERS %2 | ROOK, queen_lines, KING_ATTACK_ROOK, 1
        ATTACKERS %2 | QUEEN, queen_lines, KING_ATTACK_QUEEN, 0
        movzx ecx, dl
        cmp cl, KING_ATTACKERS_MAX
        jbe %%weigh
        mov cl, KING_ATTACKERS_MAX
%%weigh:
        movzx ecx, byte [king_attack_weight + ecx]
        movzx eax, dh
        imul eax, ecx
        imul eax, eax, KING_ATTACK_CP
        shr eax, 8                  ; the weight's / 256
        %3 [king_attack_sum], eax
%%done:
%endmacro

; eval_king_attack -- the attack on both kings, white's view
; IN:  piece_sets, the kings' squares
; OUT: EAX = the middle game's score in centipawns
; CHG: nothing else
eval_king_attack:
        push ebx
        push ecx
        push edx
        push esi
        push edi
        push ebp
        mov dword [king_attack_sum], 0
        KING_ATTACK_SUM WHITE, BLACK, sub
        KING_ATTACK_SUM BLACK, WHITE, add
        mov eax, [king_attack_sum]
        pop ebp
        pop edi
        pop esi
        pop edx
        pop ecx
        pop ebx
        ret
%endif
