; search.asm -- the move the computer plays.  Liberman's game first runs the mate
; solving logic (mate.asm), then his positional logic; here the positional choice is an
; alpha-beta search over PeSTO's evaluation (eval.asm), inside a budget of
; emulated instructions counted with rdtsc:
;   - the mate logic first: a mate in one whatever the budget, then mates of 2 up to
;     [search_mate_moves] moves (MATE_LEVEL_DEFAULT: mate in 2, as at Liberman's
;     default level) within an eighth of the budget (most positions have no mate, and
;     the positional search needs the time); a mate found is played;
;   - iterative deepening of a negamax, fail-soft alpha-beta with principal variation
;     search (a null window for every move after the first, searched again if it
;     rises above alpha), one ply more when in check;
;   - a null move (the other side moves twice) at NULL_MIN_DEPTH plies and more,
;     NULL_REDUCTION plies shallower (a ply more from NULL_DEEP_DEPTH plies to go),
;     when not in check, with a piece besides pawns and the evaluation at beta or
;     above: a fail high there ends the node; where passing is mated (a mate
;     threat), the node is searched a ply deeper;
;   - late move reductions: a quiet move (not the hash move, a capture, a killer, nor a
;     check) after the first LMR_MIN_MOVES, with LMR_MIN_DEPTH plies or more to go and
;     not in check, is searched a ply shallower first (two plies after the first
;     LMR_DEEP_MOVES with LMR_DEEP_DEPTH or more to go, after the first LMR_LATE_MOVES
;     with fewer; with LMR_SHALLOW_DEPTH to go only after the first LMR_LATE_MOVES),
;     and again in full if it beats alpha;
;   - a capture quiescence search: stand pat on the evaluation, captures and queen
;     promotions by MVV/LVA (generated alone, gen_captures); every move when in check,
;     so mates show there too;
;   - move order: the hash table's move, captures by victim then attacker (MVV/LVA),
;     two killer moves a ply, then the quiet moves by their history count (the squares
;     of the depths at which the piece's move to that square caused a cut), the rest in
;     generation order; at the root the hash table's move first (the last move's
;     search left it), then each iteration's best move first for the next;
;   - near the leaves the evaluation decides: reverse futility at one to three plies to
;     go, futility pruning of quiet moves at the last ply (node.asm);
;   - a hash table of 8192 entries in two segments (GS), keyed by the Zobrist key
;     move_make keeps, in buckets of two (the deepest result of this search, the
;     latest), kept from one search to the next of a game (the history heuristic's
;     counts halved) and emptied after search_forget (a new game, or a job whose answer
;     must depend on its position alone);
;   - draws: the 50-move rule and any repetition of a position since the last
;     irreversible move, in the search path or in the game's history (history.asm);
;   - the budget: the clock is read at every node; past the deadline the search unwinds
;     and keeps the best move of the last iteration that finished, or of the unfinished
;     one if a move of it was searched to the end and scored better, or beat the best
;     so far in its null window (its full search then under way); under a budget
;     of instructions iterations start until it is spent (what is left is lost), under
;     a clock none once half the soft time is spent (it would not finish).
; Each ply's chain sits on the move stack (ES) after its parent's; the order score of the
; move at ES:n is the dword at FS:n.
; Here the driver: search_best, the iterations and the root; node.asm searches below
; the root, order.asm orders the moves, ttable.asm keeps the hash table, history.asm
; the draws.

        section .bss

search_report   resw 1              ; IN: called after each iteration (0: none), all kept
search_mate_moves resb 1            ; IN: the mate logic's moves (0, 1: mate in one only)
search_move     resd 1              ; OUT: the move chosen
search_score    resd 1              ; OUT: its score, centipawns, side to move's view
search_depth    resb 1              ; OUT: plies of the last iteration that finished
root_end        resw 1              ; -> past the root's chain (it starts at ES:0)
iteration_move  resd 1              ; the best move of the iteration under way, or 0
iteration_score resd 1

        section .data

search_fresh    db 1                ; nonzero: the next search starts from an empty table

        section .text

; search_best -- the move to play: the mate logic, then iterative deepening within the
;                limits (Liberman: the mate solving logic, then the positional logic)
; IN:  the position (as fen_parse and move_make leave it; [ply] + SEARCH_MAX_DEPTH
;      should stay below MAX_PLY); the limits (clock.asm: limit_*);
;      [search_mate_moves] = the mate logic's moves (0 or 1: mate in one only); the
;      game's history (history_reset / history_note) for repetitions
; OUT: CF clear: EAX = the move record to play; CF set: no legal move (EAX = 0);
;      [search_score], [search_depth], [clock_nodes]; the position unchanged; the move
;      stack and the score segment overwritten, the hash table kept for the next
;      search (search_clear)
; CHG: EBX, ECX, EDX, ESI, EDI, EBP
search_best:
        push es
        push fs
        push gs
        call search_segments
        call clock_begin
        mov dword [search_score], 0
        mov byte [search_depth], 0
        movzx ax, byte [ply]
        mov [root_ply], ax
        call hash_compute
        call eval_compute
        call search_clear
        mov word [null_ply], NO_NULL_PLY
        xor di, di
        call gen_moves
        mov [root_end], di
        jecxz .no_move
        mov eax, [es:0]             ; a legal move whatever happens next
        mov [search_move], eax
        cmp ecx, 1
        je .only_move
        call clock_none      ; a mate in one is looked for whatever the budget
        mov cl, 1
        mov ch, 1
        mov di, [root_end]
        call mate_find_lengths
        jnc .mate
        mov cl, MATE_BUDGET_SHIFT
        call clock_share
        mov ch, [search_mate_moves]
        cmp ch, 2
        jb .deepen
        mov cl, 2
        mov di, [root_end]
        call mate_find_lengths
        jnc .mate
.deepen:
        xor cl, cl
        call clock_share
        call search_iterate
        jmp .done
.mate:  mov [search_move], eax
        call search_mate_score
        jmp .done
.only_move:
        call eval_position
        mov [search_score], eax
.done:  mov eax, [search_move]
        pop gs
        pop fs
        pop es
        clc
        ret
.no_move:
        mov eax, -SCORE_MATE        ; mated, or stalemate
        cmp byte [checkers], 0
        jne .lost
        mov eax, SCORE_DRAW
.lost:  mov [search_score], eax
        xor eax, eax
        mov [search_move], eax
        pop gs
        pop fs
        pop es
        stc
        ret

; search_mate -- the mate solving logic on its own, within the limits (the mate job,
;                and the game if it wants Liberman's mate search alone)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; the position; the limits (clock.asm: limit_*)
; OUT: CF clear: EAX = the first move of a shortest forced mate, CL = k, its length in
;      moves, [search_score] and [search_depth] as search_mate_score sets them; CF set:
;      no mate in N moves, or a limit reached first ([clock_abort]);
;      [clock_nodes] = positions visited; the
;      position unchanged, the move stack overwritten
; CHG: EBX, ECX, EDX, SI, DI, EBP
search_mate:
        push es
        push fs
        push gs
        push cx
        call search_segments
        pop cx
        call clock_begin
        xor di, di
        call mate_find
        jc .none
        call search_mate_score
        clc
.none:  pop gs
        pop fs
        pop es
        ret

; search_mate_score -- the score and depth of a mate found: k moves, 2k - 1 plies away
; IN:  CL = k
; OUT: [search_depth] = 2k - 1, [search_score] = SCORE_MATE - (2k - 1)
; CHG: flags
search_mate_score:
        push eax
        movzx eax, cl
        add al, al
        dec al
        mov [search_depth], al
        neg eax
        add eax, SCORE_MATE
        mov [search_score], eax
        pop eax
        ret

; search_segments -- point ES at the move stack, FS at the order scores, GS at the
;                    hash table
; IN:  CS = the program segment
; OUT: ES, FS, GS set
; CHG: AX
search_segments:
        mov ax, cs
        add ax, MOVE_SEGMENT
        mov es, ax
        add ax, SCORE_SEGMENT - MOVE_SEGMENT
        mov fs, ax
        add ax, HASH_SEGMENT - SCORE_SEGMENT
        mov gs, ax
        ret

; search_forget -- the next search starts afresh (an empty hash table, history and pawn
;                  cache), so that its answer depends on its position alone: a new game,
;                  the `best` and `selfplay` jobs.  A table in extended memory is emptied
;                  here, outside the search's clock (a cycle a dword: 2 million for 8 MiB)
; IN:  nothing
; OUT: [search_fresh] set
; CHG: nothing
search_forget:
        mov byte [search_fresh], 1
        cmp dword [tt_xms + xms_block.linear], 0
        je .done
        push si
        mov si, tt_xms
        call xms_zero
        pop si
.done:  ret

; search_clear -- ready the tables for a search: the killer moves emptied and the hash
;                 table's age moved on; after search_forget the hash table, the history
;                 and the pawn cache emptied too, else the history counts halved (an
;                 earlier position's cuts order this one less well)
; IN:  FS = the score segment; [search_fresh]
; OUT: the killers (FS:KILLER_BASE) 0; [tt_age] + 1; [search_fresh] 0; after
;      search_forget every hash entry BOUND_NONE with key 0 (in conventional memory:
;      search_forget has emptied one in extended memory), the history and the pawn
;      cache (after the killers) 0; a table in extended memory reachable (xms_unreal)
; CHG: EAX, BX, ECX, DI
search_clear:
        cmp dword [tt_xms + xms_block.linear], 0 ; in extended memory: the 4 GiB limits set
        je .age                     ; again, should a program run between two searches
        call xms_unreal             ; have reset them (xms.asm)
.age:   inc byte [tt_age]
        mov cx, (PAWN_CACHE_BASE - KILLER_BASE) >> DWORD_SHIFT
        mov di, HISTORY_SLOTS * 2
        cmp byte [search_fresh], 0
        jne .fresh
.halve: sub di, 2
        shr word [es:HISTORY_BASE + di], 1
        test di, di
        jnz .halve
        jmp .killers
.fresh: mov byte [search_fresh], 0
        cmp dword [tt_xms + xms_block.linear], 0 ; (in extended memory: emptied by search_forget
        jne .history                ; or tt_size_set)
        push es
        mov ax, cs
        add ax, HASH_SEGMENT
        call search_clear_segment
        mov ax, cs
        add ax, HASH_SEGMENT_2
        call search_clear_segment
        pop es
.history:
        xor eax, eax                ; the history and search_order's marks below it
        mov di, ORDER_MARKS_BASE
        mov cx, (SEGMENT_BYTES - ORDER_MARKS_BASE) >> DWORD_SHIFT
        rep stosd
        mov cx, (PAWN_CACHE_BASE - KILLER_BASE + PAWN_CACHE_ENTRIES * pawn_entry_size) >> DWORD_SHIFT
.killers:
        push es
        push fs
        pop es
        xor eax, eax
        mov di, KILLER_BASE
        rep stosd
        pop es
        ret

; search_clear_segment -- fill a 64 KiB segment with zeros
; IN:  AX = the segment
; OUT: ES = AX, the segment 0
; CHG: EAX, ECX, DI
search_clear_segment:
        mov es, ax
        xor eax, eax
        xor di, di
        mov cx, SEGMENT_BYTES >> DWORD_SHIFT
        rep stosd
        ret

; search_iterate -- iterative deepening over the root's moves
; IN:  the root's chain at ES:0 .. [root_end], at least two moves; the clock set;
;      [hash_key] and the hash table (its move for the root goes first)
; OUT: [search_move], [search_score], [search_depth]
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
search_iterate:
        call tt_move                ; a move searched before first (kept from the
        mov [order_hash], eax       ; last move's search, or 0)
        xor si, si
        mov dx, [root_end]
        call search_order
        call search_sort_root
        mov eax, [es:0]
        mov [search_move], eax
        mov cl, 1
.depth: push cx
        call search_root
        pop cx
        jc .unfinished
        mov [search_depth], cl
        call search_take_iteration
        cmp word [search_report], 0
        je .reported
        call [search_report]
.reported:
        mov eax, [search_score]     ; a mate found (for either side) needs no deeper look
        cdq
        xor eax, edx
        sub eax, edx
        cmp eax, SCORE_MATE_BOUND
        jg .done
        cmp cl, SEARCH_MAX_DEPTH
        jae .done
        mov al, [limit_depth]
        dec al                      ; no limit (0) becomes the largest depth
        cmp cl, al
        ja .done
        call clock_deepen           ; another iteration would not finish in time
        jc .done
        inc cl
        jmp .depth
.unfinished:
        cmp dword [iteration_move], 0
        je .done
        call search_take_iteration
.done:  ret

; search_take_iteration -- the iteration's best move becomes the search's
; IN:  [iteration_move], [iteration_score]
; OUT: [search_move], [search_score]
; CHG: EAX
search_take_iteration:
        mov eax, [iteration_move]
        mov [search_move], eax
        mov eax, [iteration_score]
        mov [search_score], eax
        ret

; search_root -- one iteration: every root move searched to a depth, principal
;                variation search; the best move then goes first for the next one
; IN:  CL = the depth in plies, >= 1; the root's chain ES:0 .. [root_end]
; OUT: CF clear: [iteration_move], [iteration_score] = the best; CF set: the budget ran
;      out ([iteration_move] = the best of the moves searched to the end, or a move whose
;      null window beat it and whose full search was under way, at that window's bound;
;      or 0)
; CHG: EAX, EBX, ECX, EDX, SI, DI
search_root:
        push bp
        sub sp, node_size
        mov bp, sp
        mov [bp + node.depth], cl
        mov dword [bp + node.alpha], -SCORE_INFINITE
        mov word [bp + node.current], 0
        mov dword [iteration_move], 0
.move:  mov si, [bp + node.current]
        cmp si, [root_end]
        jae .ordered
        mov eax, [es:si]
        call search_play
        mov di, [root_end]
        mov cl, [bp + node.depth]
        dec cl
        mov edx, [bp + node.alpha]
        test si, si
        jz .full
        SEARCH_PROBE .searched, .aborted
        mov [bp + node.best], eax   ; it beats the best so far: if the budget runs out
        mov ebx, [bp + node.alpha]  ; before its full search ends, it is taken at the
        neg ebx                     ; null window's bound (.raised)
        mov edx, -SCORE_INFINITE
        SEARCH_CHILD search_node, .raised
        jmp .searched
.full:  mov ebx, edx                ; the full window: (alpha, infinity)
        neg ebx
        mov edx, -SCORE_INFINITE
        SEARCH_CHILD search_node, .aborted
.searched:
        SEARCH_TAKEBACK_CURRENT
        cmp eax, [bp + node.alpha]
        jle .next
        mov [bp + node.alpha], eax
        mov [iteration_score], eax
        mov eax, [es:si]
        mov [iteration_move], eax
        mov [bp + node.next], si    ; where the best stands
.next:  add word [bp + node.current], MOVE_SIZE
        jmp .move
.ordered:
        mov si, [bp + node.next]    ; the best first, the others after it in order
        mov eax, [es:si]
.shift: test si, si
        jz .first
        mov ebx, [es:si - MOVE_SIZE]
        mov [es:si], ebx
        sub si, MOVE_SIZE
        jmp .shift
.first: mov [es:0], eax
        clc
        jmp .out
.raised:
        SEARCH_TAKEBACK_CURRENT
        mov eax, [es:si]
        mov [iteration_move], eax
        mov eax, [bp + node.best]
        mov [iteration_score], eax
        stc
        jmp .out
.aborted:
        SEARCH_TAKEBACK_CURRENT
        stc
.out:   lea sp, [bp + node_size]
        pop bp
        ret
