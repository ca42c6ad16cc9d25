; engine.asm -- the engine's front door, in the spirit of MikeOS's system-call table: the
; calls a front end (the game, the batch jobs, and through them the UCI bridge) needs,
; and the status block they read.  Below it the engine's layers (core, movegen, logic,
; eval, search: the board, the generator, make and unmake, the history, perft, mate,
; exchange, the search) are the engine's own business: the game, the screen and the batch
; name none of their labels (test/front-door.test.ts holds them to it).
;
;   engine_set_fen      set a position from a FEN; the record and the history start there
;   engine_find_move    the legal move with a given from, to and promotion
;   engine_play         play a move, checked against the legal moves
;   engine_take_back    take moves back (the position set again, the record replayed)
;   engine_think        the move to play within a budget (the mate logic, then alpha-beta)
;   engine_forget       the next engine_think starts afresh (a new game)
;   engine_book         a move of the opening book, when the game follows one of its lines
;   engine_mate         the first move of a shortest forced mate in N (WHITEJOUE5PAS)
;   engine_helpmate     the shortest helpmate in N: its number of lines and the first
;   engine_selfmate     the key of a shortest selfmate in N
;   engine_keys         every first move that forces mate in N or fewer, and its length
;   engine_tree         the keys and the tree of each: threats, defences, answers
;   engine_selftree     a selfmate's keys and the threat of each
;   engine_exchange     Liberman's material exchange to D plies (NOIR3)
;   engine_perft        the leaves of the legal move tree to a depth
;   engine_divide_start, engine_divide_move   the same, split by legal move
;   engine_settle       the status block again (after a search used the move stack)
;   engine_report_hook, engine_line_hook   a front end's routines engine_think calls after
;                       each iteration, with its depth, score, nodes and principal line
; and in position.asm the position for the front ends to show and to set up:
;   engine_square, engine_in_play, engine_king_alone, engine_print_move,
;   engine_print_fen, engine_start_fen, and the set-up board's engine_setup_*.
; Every call leaves the status block filled for the position it leaves: the legal moves
; at ES:0, the side to move, check, mate, stalemate, the 50-move rule, threefold
; repetition (from the one history of history.asm) and insufficient material.
; New (Liberman's program had no such front): its routines call the layers that are his.
; Front ends also call, beside the engine, the system layer (sys/: text, files, the
; clocks and the limits of thinking, the keyboard and the mouse).

        section .bss

; The status block: the engine's calls fill it, the front ends read it and never write it.
engine_status   resb 1              ; STATUS_* of the position
engine_in_check resb 1              ; the side to move is in check
engine_legal    resw 1              ; its legal moves, listed at ES:0
engine_plies    resw 1              ; moves played since the position was set, each
                                    ; in one byte at GS:game_area.record (record.asm)
engine_last     resd 1              ; the last of them as a move record (for its light)
engine_replay_hook resw 1           ; 0, or a routine engine_take_back calls with each move
engine_start_black resb 1           ; 1: the position set had black to move
engine_start_fullmove resd 1        ; and this move number
engine_fen      resb LINE_MAX + 1   ; the FEN set, kept whole: take-back starts from it
engine_side     resb 1              ; the colour to move, WHITE or BLACK (the search's
                                    ; plies leave it alone: a hook reads the root's)
engine_castle   resb 1              ; its castling rights, CASTLE_* bits
engine_variant  resb 1              ; VARIANT_* of the board in play

; The results of the search and of perft are the status block's under the engine's
; names: the layers below keep them current themselves (so an engine_report routine
; reads its iteration's), and the front ends name these alone.
engine_tree_hook equ tree_hook      ; word, engine_tree: the routine that takes a line
ENGINE_LINE_KEY equ TREE_KEY        ; the roles of its lines (the routine's DH)
ENGINE_LINE_THREAT equ TREE_THREAT
ENGINE_LINE_MOVE equ TREE_MOVE
engine_score    equ search_score    ; dword, engine_think, engine_mate: the score found
                                    ; (centipawns, the side to move's view)
engine_depth    equ search_depth    ; byte, the plies of the last iteration finished
engine_move     equ search_move     ; dword, the move chosen (in engine_report's call:
                                    ; the iteration's)
engine_nodes    equ perft_nodes     ; qword, engine_perft, engine_divide_*: the leaves
engine_full     equ perft_full      ; byte, nonzero: a chain did not fit, the count is
                                    ; short

; The engine's inputs beside the registers: the front ends write them, engine_think reads
; them (the search's own, under the engine's names).
engine_report   equ search_report   ; word, 0 or a routine engine_think calls after each
                                    ; iteration (IN: the status block's score, depth
                                    ; and move of it; CHG: nothing)
engine_contempt equ search_contempt ; dword, centipawns a draw is worth less to the side
                                    ; that thinks

; The FEN reader's error names (core/fen.asm's ERROR_ENTRY table) that a front end
; reports for a position of its own reading.
engine_err_byte equ err_byte        ; "byte": a character outside printable ASCII

; The thinking as engine_think goes: set before it by a front end, read by its routines.
engine_report_hook resw 1           ; 0, or a routine called after each iteration (CHG:
                                    ; nothing), the engine_line_hook's calls done
engine_line_hook resw 1             ; 0, or a routine called for each move of the
                                    ; iteration's principal line (engine_iteration)
engine_think_depth resb 1           ; the iteration's depth in plies
engine_think_score resd 1           ; its score, centipawns from white's view
engine_think_nodes resd 1           ; the positions visited so far

        section .data

; status_words -- the name of each STATUS_* (the oracle's names, and `too-long`), for
; the game's log and the selfplay job
status_words:   dw word_playing, word_check, word_checkmate, word_stalemate
                dw word_fifty, word_threefold, word_material, word_too_long
%if ($ - status_words) != 2 * STATUS_KINDS
%error "one word for each STATUS_*"
%endif
word_playing    db "playing", 0
word_check      db "check", 0
word_checkmate  db "checkmate", 0
word_stalemate  db "stalemate", 0
word_fifty      db "fifty-move", 0
word_threefold  db "threefold", 0
word_material   db "insufficient-material", 0
word_too_long   db "too-long", 0

        section .text

; engine_set_fen -- set a position from a FEN (4 or 6 fields, as fen_parse reads them)
; IN:  SI -> the text, 0-terminated (the first LINE_MAX characters are read); ES = the
;      move stack
; OUT: CF clear: the position set, the record empty, the history holding the position,
;      the status block filled; CF set: SI -> the error_entry of the first error found
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
engine_set_fen:
        mov di, engine_fen
        mov cx, LINE_MAX
.copy:  lodsb
        mov [di], al
        inc di
        test al, al
        loopnz .copy
        mov byte [di], 0
        ; fall through

; engine_restart -- set the position of engine_fen again, the record emptied
; IN:  engine_fen
; OUT, CHG: as engine_set_fen
engine_restart:
        mov di, engine_fen          ; fen_parse cuts the text at white space: find its end
.end:   cmp byte [di], 0            ; first, to mend it after
        je .ended
        inc di
        jmp .end
.ended: push di
        mov si, engine_fen
        call fen_parse
        pop di
        pushf
.mend:  dec di
        cmp di, engine_fen
        jb .mended
        cmp byte [di], 0
        jne .mend
        mov byte [di], SPACE
        jmp .mend
.mended:
        popf
        jc .done
        call history_reset
        xor di, di
        call history_note
        mov al, [side]
        xor al, WHITE
        shr al, COLOUR_SHIFT        ; 1 when black moves first
        mov [engine_start_black], al
        mov eax, [fullmove]
        mov [engine_start_fullmove], eax
        mov word [engine_plies], 0
        call engine_settle
        clc
.done:  ret

; engine_play -- play a move, checked: it must be one of the position's legal moves
; IN:  EAX = a move record; ES:0 = the legal moves, [engine_legal] (as every call of
;      the engine leaves them)
; OUT: CF clear: the position after it, the move recorded, the status block filled;
;      CF set: not a legal move, or the record is full (nothing changed)
; CHG: EBX, ECX, EDX, SI, DI, EBP (EAX kept)
engine_play:
        movzx ebx, word [engine_plies]
        cmp bx, MAX_GAME_PLIES
        jae .refused
        xor si, si
        mov cx, [engine_legal]
        jcxz .refused
.find:  cmp eax, [es:si]
        je .legal
        add si, MOVE_SIZE
        loop .find
.refused:
        stc
        ret
.legal: push eax
        call record_rank
        mov [gs:game_area.record + ebx], al
        pop eax
        mov [engine_last], eax
        inc word [engine_plies]
        push eax
        call engine_make
        call engine_settle
        pop eax
        clc
        ret

; engine_make -- make a move as a move of the game: the position the search starts
;                from, and one the history must know for repetitions
; IN:  EAX = a legal move record
; OUT: the position after it, [ply] = 0, noted in the history
; CHG: EBX, ECX, EDX, SI, DI, EBP
engine_make:
        call move_make
        mov byte [ply], 0
        xor di, di
        jmp history_note

; engine_pass -- the side to move passes, as a threat is read: the other side to move,
;                no en-passant square (move_pass); engine_take_back ends it
; IN:  the position
; OUT: the position passed, [ply] = 0
; CHG: EAX, EBX
engine_pass:
        call move_pass
        mov byte [ply], 0
        ret

; engine_take_back -- take moves back: the position set from engine_fen again and the
;                     record replayed up to a ply, each byte turned back into its move
;                     among the legal moves (record.asm); a routine in
;                     [engine_replay_hook] sees each move before it is made
; IN:  BX = the moves to keep, <= [engine_plies]; [engine_replay_hook]: 0 or a routine
;      (IN: EAX = the move; CHG: nothing)
; OUT: the position after them, [engine_plies] = BX, [engine_last], the status block
;      filled
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
engine_take_back:
        push bx
        call engine_restart
        pop bx
        xor dx, dx
.move:  cmp dx, bx
        jae .done
        push bx
        push dx
        movzx edx, dx
        mov al, [gs:game_area.record + edx]
        call record_move            ; the record holds only moves that were legal
        mov [engine_last], eax
        mov si, [engine_replay_hook]
        test si, si
        jz .make
        call si
.make:  call engine_make
        call engine_settle
        pop dx
        pop bx
        inc dx
        jmp .move
.done:  mov [engine_plies], bx
        jmp engine_settle

; engine_find_move -- look for a legal move in the list (Liberman: "the program goes
;                     into its chain of moves and sees if some move starts this way")
; IN:  DL = from square; DH = to square, or NO_SQUARE for any; CL = the promotion piece
;      wanted (R N B Q code) or PROMO_ANY (only when DH is a square); ES:0 = the legal
;      moves, [engine_legal]
; OUT: CF clear, EAX = the first such move; CF set if there is none
; CHG: nothing else
engine_find_move:
        push bx
        push si
        push cx
        mov bl, cl
        mov cx, [engine_legal]
        xor si, si
        jcxz .none
.move:  mov eax, [es:si]
        add si, MOVE_SIZE
        mov bh, al
        and bh, SQUARE_MASK
        cmp bh, dl
        jne .next
        cmp dh, NO_SQUARE
        je .found
        MOVE_SWAP eax
        cmp al, dh
        MOVE_SWAP eax
        jne .next
        cmp bl, PROMO_ANY
        je .found
        test ah, PROMO_FLAG
        jz .next
        mov bh, ah
        shr bh, PROMO_SHIFT
        and bh, PROMO_CODE_MASK
        cmp bh, bl
        je .found
.next:  loop .move
.none:  pop cx
        pop si
        pop bx
        stc
        ret
.found: pop cx
        pop si
        pop bx
        clc
        ret

; engine_settle -- fill the status block: the legal moves and what they mean for the
;                  game (in the oracle's order: mate and stalemate, then material,
;                  repetition, the 50-move rule)
; IN:  the position; the history holding it last
; OUT: ES:0 = the legal moves, [engine_legal]; [engine_in_check]; [engine_status];
;      [engine_side], [engine_castle], [engine_variant]
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
engine_settle:
        call engine_note_position
        xor di, di
        call gen_moves
        mov [engine_legal], cx
        cmp byte [checkers], 0
        setne byte [engine_in_check]
        mov dl, STATUS_MATE
        cmp word [engine_legal], 0
        jne .material
        cmp byte [engine_in_check], 0
        jne .set
        mov dl, STATUS_STALEMATE
        jmp .set
.material:
        call engine_insufficient
        mov dl, STATUS_MATERIAL
        jc .set
        mov dl, STATUS_THREEFOLD    ; the same position twice before
        call history_repeats
        cmp cx, 2
        jae .set
        mov dl, STATUS_FIFTY
        cmp word [halfmove], FIFTY_MOVE_PLIES
        jae .set
        mov dl, STATUS_TOO_LONG
        cmp word [engine_plies], MAX_GAME_PLIES
        jae .set
        mov dl, STATUS_CHECK
        cmp byte [engine_in_check], 0
        jne .set
        mov dl, STATUS_PLAYING
.set:   mov [engine_status], dl
        ret

; engine_eval -- the static evaluation of the position, without a search (eval_compute,
;               eval_position)
; IN:  the position
; OUT: EAX = centipawns from the side to move's view
; CHG: nothing else
engine_eval:
        push fs
        mov ax, cs
        add ax, SCORE_SEGMENT
        mov fs, ax                  ; eval_position's pawn cache
        call eval_compute
        call eval_position
        pop fs
        ret

; engine_insufficient -- can neither side ever mate? Kings alone, one knight or bishop,
;                      or bishops only, all on squares of one colour
; IN:  carreau
; OUT: CF set if mate is impossible
; CHG: AX, CX, DX, SI
engine_insufficient:
        xor cx, cx                  ; CL = knights and bishops, CH = knights
        xor dl, dl                  ; DL bit 0 / 1: a bishop on a grey / green square
        xor si, si
.square:
        mov al, [carreau + si]
        cmp al, EMPTY
        je .next
        and al, PIECE_MASK
        cmp al, KING
        je .next
        inc cl
        cmp al, KNIGHT
        je .knight
        cmp al, BISHOP
        jne .enough                 ; a pawn, rook or queen can mate
        mov ax, si                  ; its square's colour: file + row, odd or even
        mov ah, al
        shr ah, ROW_SHIFT
        add al, ah
        and al, 1
        inc al                      ; 1 or 2
        or dl, al
        jmp .next
.knight:
        inc ch
.next:  inc si
        cmp si, BOARD_SQUARES
        jb .square
        cmp cl, 1
        jbe .none
        test ch, ch
        jnz .enough
        cmp dl, 1 | 2               ; bishops on both colours
        je .enough
.none:  stc
        ret
.enough:
        clc
        ret

; engine_think -- the move to play within the limits (Liberman: the mate solving logic,
;                 then the positional logic; search_best)
; IN:  the limits (clock.asm's limit_*, e.g. clock_limits_none then limit_budget); CL =
;      the mate logic's moves (0 or 1: mate in one only); [engine_report_hook] and
;      [engine_line_hook] (engine_iteration, engine_line), or when they are 0
;      [engine_report];
;      [engine_contempt]; the position and history as the engine's calls left them
; OUT: CF clear: EAX = the move; CF set: no legal move (EAX = 0); [engine_score],
;      [engine_depth], [engine_move], [clock_nodes]; the position unchanged, the status
;      block filled again (the search used the move stack)
; CHG: EBX, ECX, EDX, ESI, EDI, EBP
engine_think:
        mov [search_mate_moves], cl
        push word [search_report]
        cmp word [engine_report_hook], 0
        je .search
        mov word [search_report], engine_iteration
.search:
        call search_best
        pop word [search_report]
        pushf
        push eax
        call engine_settle
        pop eax
        popf
        ret

; engine_iteration -- the search's report after an iteration, for a front end: the
;                     status of the thinking filled, the principal line given to
;                     [engine_line_hook] when it is set (engine_line), then
;                     [engine_report_hook] called
; IN:  (search_iterate's search_report) [search_depth], [search_score], [search_move],
;      [clock_nodes]; the root position; ES:0 .. [root_end] the root's chain
; OUT: engine_think_depth, engine_think_score, engine_think_nodes; the hooks called
; CHG: nothing
engine_iteration:
        pushad
        mov al, [search_depth]
        mov [engine_think_depth], al
        mov eax, [search_score]
        cmp byte [side], WHITE
        je .white
        neg eax
.white: mov [engine_think_score], eax
        mov eax, [clock_nodes]
        mov [engine_think_nodes], eax
        cmp word [engine_line_hook], 0
        je .report
        call engine_line
.report:
        cmp word [engine_report_hook], 0
        je .done
        call [engine_report_hook]
.done:  popad
        ret

; engine_line -- each move of the principal line given to [engine_line_hook]: the
;                search's move, then the hash table's move of each position after it, as
;                long as it is legal there, at most ENGINE_LINE_MAX, and until the hook
;                says it wants no more.  Called in an iteration's report, or after
;                engine_think (the line of the move it chose).  The line is played with
;                move_make and taken back with move_unmake, past the root's chain, so
;                that a search goes on as if nothing had happened: the evaluation's sums
;                are not touched, and the root's own generation is made again at the end
;                (its check and pin tables)
; IN:  [search_move]; the root position; ES:0 .. [root_end] the root's chain;
;      [engine_line_hook]: called with EAX = the move, DX = its place in the line (0
;      first), ES:SI -> the legal moves of the position it is played in, CX = their
;      count, the position before it on the board (OUT: CF set: no more moves; CHG:
;      nothing else)
; OUT: the hook called
; CHG: nothing
engine_line:
        pushad
        push gs
        mov eax, [search_move]
        mov di, [root_end]
        xor dx, dx                  ; DX = the moves of the line played
.move:  push eax
        push dx
        push di
        call gen_moves
        pop si                      ; SI -> this position's legal moves
        pop dx
        pop eax
        mov bx, si
        jcxz .unwind
.find:  cmp eax, [es:si]
        je .found
        add si, MOVE_SIZE
        loop .find
        jmp .unwind                 ; not legal here: a hash entry of another position
.found: mov si, bx
        mov cx, di
        sub cx, si
        shr cx, MOVE_SHIFT
        call [engine_line_hook]
        jc .unwind                  ; the front end has the moves it wants
        push eax                    ; taken back in .unwind
        push dx
        call move_make
        pop dx
        inc dx
        cmp dx, ENGINE_LINE_MAX
        jae .unwind
        push dx
        call tt_move
        pop dx
        test eax, eax
        jnz .move
.unwind:
        test dx, dx
        jz .root
        pop eax
        push dx
        call move_unmake
        pop dx
        dec dx
        jmp .unwind
.root:  mov di, [root_end]          ; the root's tables as the search left them
        call gen_moves
        pop gs
        popad
        ret

; engine_forget -- the next engine_think starts afresh: what earlier searches learnt (the
;                  hash table, the history counts) is forgotten, so that its answer
;                  depends on its position alone (search_forget).  Between the moves of
;                  one game the searches keep it
; IN:  nothing
; OUT: nothing
; CHG: nothing
engine_forget:
        jmp search_forget

; engine_hash_size -- the hash table in AX MiB of extended memory, or in conventional
;                     memory (AX = 0, or where extended memory cannot be had: a V86
;                     monitor, no XMS driver, too little free), emptied (tt_size_set)
; IN:  AX = MiB: 0, or 1 to 16 (rounded down to a power of two; more is 16)
; OUT: AX = the table's KiB; CF clear: in extended memory; CF set: in conventional
;      memory, DL = why (XMS_NOT_ASKED: AX was 0; XMS_V86, XMS_NO_DRIVER, XMS_NO_MEMORY)
; CHG: CL, EDX
engine_hash_size:
        cmp ax, XMS_MAX_MIB
        jbe .power
        mov ax, XMS_MAX_MIB
.power: bsr dx, ax                  ; a power of two: the highest bit of AX
        jz .asked
        mov ax, 1
        mov cl, dl
        shl ax, cl
.asked: jmp tt_size_set

; engine_book -- a move of the opening book for the game played from the start
;                position, chosen among the book's continuations by a seed (book_move)
; IN:  AX = the seed; the position and record as the engine's calls left them
; OUT: CF clear: EAX = the move (one of ES:0); CF set: no book move
; CHG: EBX, ECX, EDX, SI, DI, BP
engine_book:
        jmp book_move

; engine_mate -- the first move of a shortest forced mate in at most N moves, within the
;                limits (Liberman: WHITEJOUE5PAS; search_mate)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; the limits (clock.asm's limit_*)
; OUT: CF clear: EAX = the move, CL = k, the mate's length, [engine_score] and
;      [engine_depth]; CF set: no mate in N, or a limit came first ([clock_abort]),
;      [engine_score] = [engine_depth] = 0; [clock_nodes]; the position unchanged, the
;      move stack overwritten
; CHG: EBX, ECX, EDX, SI, DI, EBP
engine_mate:
        call search_mate
        jnc .found
        mov dword [engine_score], 0 ; (mov keeps CF)
        mov byte [engine_depth], 0
.found: ret

; engine_key_at -- a key engine_keys found (or engine_tree, engine_selftree)
; IN:  BX = its index, below their count
; OUT: EAX = the key, CL = the fewest moves it forces the aim in
; CHG: nothing else
engine_key_at:
        push es
        push fs
        push gs
        push ax
        call search_segments
        pop ax
        call mate_key_at
        pop gs
        pop fs
        pop es
        ret

; engine_tree -- every key of a mate in at most N moves and the tree of each as a solver
;                prints it (threat, defences, answers), a line at a time to
;                [engine_tree_hook], within the limits (mate_tree)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; [engine_tree_hook] (mate_tree says what it takes);
;      the limits
; OUT, CHG: as engine_keys (after a limit the lines handed out are not the whole tree)
engine_tree:
        mov si, mate_tree
        jmp engine_stipulation

; engine_selftree -- every key of a selfmate in at most N moves and each key's threat,
;                    a line at a time to [engine_tree_hook], within the limits (self_tree)
; IN:  CL = N, 1 .. STIP_MAX_MOVES; [engine_tree_hook]; the limits
; OUT, CHG: as engine_tree
engine_selftree:
        mov si, self_tree
        jmp engine_stipulation

; engine_threats -- every key of a mate in at most N moves and each key's threat (the
;                   attacker's moves that mate soonest were the defender to pass), a
;                   line at a time to [engine_tree_hook], within the limits (mate_threats)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; [engine_tree_hook]; the limits
; OUT, CHG: as engine_tree
engine_threats:
        mov si, mate_threats
        jmp engine_stipulation

; engine_keys -- every first move that forces mate in at most N moves, with the fewest
;                moves each forces, within the limits (mate_keys)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; the limits (clock.asm's limit_*)
; OUT: CF clear: EAX = the keys (0: none), CL = N, engine_key_at reads them (in
;      generation order) until the next engine call; CF set: a limit came first
;      ([clock_abort]); [clock_nodes]; the position unchanged, the move stack overwritten
; CHG: EBX, ECX, EDX, SI, DI, EBP
engine_keys:
        mov si, mate_keys
        jmp engine_stipulation

; engine_helpmate -- the shortest helpmate in at most N moves, within the limits
;                    (help_find: the side to move is mated by the other's k-th move)
; IN:  CL = N, 1 .. STIP_MAX_MOVES; the limits (clock.asm's limit_*)
; OUT: CF clear: CL = k, EAX = its lines (at most HELP_COUNT_CAP), SI -> the first
;      line, 2k moves (dwords); CF set: none in N, or a limit came first ([clock_abort]);
;      [clock_nodes]; the position unchanged, the move stack overwritten
; CHG: EBX, ECX, EDX, SI, DI, EBP
engine_helpmate:
        mov si, help_find
        call engine_stipulation
        mov si, help_line           ; the flags kept
        ret

; engine_selfmate -- the key of a shortest selfmate in at most N moves, within the limits
;                    (self_find: the side to move forces the other to mate it)
; IN:  CL = N, 1 .. STIP_MAX_MOVES; the limits (clock.asm's limit_*)
; OUT: CF clear: EAX = the key, CL = k; CF set: none in N, or a limit came first
;      ([clock_abort]); [clock_nodes]; the position unchanged, the move stack overwritten
; CHG: EBX, ECX, EDX, SI, DI, EBP
engine_selfmate:
        mov si, self_find
        ; fall through

; engine_stipulation -- run a helpmate's or selfmate's search on the move stack, timed
;                       by the limits
; IN:  SI -> help_find, self_find or mate_keys; CL = N; the limits
; OUT, CHG: as that routine (DI too)
engine_stipulation:
        push es
        push fs
        push gs
        push cx
        push si
        call search_segments
        call clock_begin
        pop si
        pop cx
        xor di, di
        call si
        pop gs
        pop fs
        pop es
        ret

; engine_exchange -- Liberman's material exchange value to D plies, within the limits
;                    (NOIR3 / BLANC2; exchange_search)
; IN:  CL = D, 1 .. EXCHANGE_MAX_DEPTH; the limits (clock.asm's limit_*)
; OUT: EAX = the value; CF clear, EDX = its move; CF set: no legal move (EDX = 0);
;      [clock_nodes] = positions visited; [clock_abort] set if a limit came first (EAX
;      and EDX mean nothing then); the move stack overwritten
; CHG: EBX, ECX, SI, DI, EBP
engine_exchange:
        call clock_begin
        xor di, di
        jmp exchange_search

; engine_perft -- the leaves of the legal move tree below the position, within the
;                 limits (a budget, a time, a key)
; IN:  CL = depth, 1 .. PERFT_MAX_DEPTH; the limits (clock.asm's limit_*)
; OUT: [engine_nodes] = the leaves; [engine_full] nonzero if the move stack ran out;
;      [clock_abort] set if a limit came first (the count is short)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
engine_perft:
        call clock_begin
        jmp perft_run

; engine_divide_start -- start a divide, within the limits: the count at 0
; IN:  the position as the engine's calls left it; the limits
; OUT: [engine_nodes] = 0, [engine_full] = 0; DI -> past the position's legal moves (ES:0)
; CHG: EAX, EDX
engine_divide_start:
        call clock_begin
        mov di, [engine_legal]
        shl di, MOVE_SHIFT
        jmp perft_reset

; engine_divide_move -- add the leaves below one of the position's legal moves
; IN:  EAX = the move (one of ES:0); CL = the depth counted from the position, >= 1;
;      DI -> past the position's legal moves (as engine_divide_start leaves it)
; OUT: [engine_nodes] += the leaves below the move (1 at depth 1), [engine_full];
;      [clock_abort] set if a limit came first (the count is short)
; CHG: EBX, ECX, EDX, SI, EBP (EAX, DI kept)
engine_divide_move:
        jmp perft_subtree
