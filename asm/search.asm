; search.asm -- the move the computer plays.  Liberman's game first runs the mate
; solving logic (mate.asm), then his positional logic; here the positional choice is an
; alpha-beta search over Michniewski's evaluation (eval.asm), inside a budget of
; emulated instructions counted with rdtsc:
;   - the mate logic first: a mate in one whatever the budget, then mates of 2 up to
;     [search_mate_moves] moves (MATE_LEVEL_DEFAULT: mate in 2, as at Liberman's
;     default level) within half the budget; a mate found is played;
;   - iterative deepening of a negamax, fail-soft alpha-beta with principal variation
;     search (a null window for every move after the first, searched again if it
;     rises above alpha), one ply more when in check;
;   - a null move (the other side moves twice) at NULL_MIN_DEPTH plies and more,
;     NULL_REDUCTION plies shallower, when not in check, with a piece besides pawns and
;     the evaluation at beta or above: a fail high there ends the node;
;   - late move reductions: a quiet move (not the hash move, a capture, a killer, nor a
;     check) after the first LMR_MIN_MOVES, with LMR_MIN_DEPTH plies or more to go and
;     not in check, is searched a ply shallower first, and again in full if it beats
;     alpha;
;   - a capture quiescence search: stand pat on the evaluation, captures and queen
;     promotions by MVV/LVA (generated alone, gen_captures); every move when in check,
;     so mates show there too;
;   - move order: the hash table's move, captures by victim then attacker (MVV/LVA),
;     two killer moves a ply, then the quiet moves in generation order; at the root the
;     last iteration's best move first;
;   - a hash table of 4096 entries in its own segment (GS), keyed by the Zobrist key
;     move_make keeps, cleared at each search so a search depends on the position alone;
;   - draws: the 50-move rule and any repetition of a position since the last
;     irreversible move, in the search path or in the game's history (search_history_*);
;   - the budget: the clock is read at every node; past the deadline the search unwinds
;     and keeps the best move of the last iteration that finished, or of the unfinished
;     one if a move of it was searched to the end and scored better; no iteration
;     starts once half the budget is spent (it would not finish).
; Each ply's chain sits on the move stack (ES) after its parent's; the order score of the
; move at ES:n is the dword at FS:n.

        section .bss

search_budget   resd 1              ; IN: emulated instructions the search may spend
search_mate_moves resb 1            ; IN: the mate logic's moves (0, 1: mate in one only)
search_move     resd 1              ; OUT: the move chosen
search_score    resd 1              ; OUT: its score, centipawns, side to move's view
search_depth    resb 1              ; OUT: plies of the last iteration that finished
search_nodes    resd 1              ; OUT: positions visited: 1 + moves made
search_abort    resb 1              ; nonzero: the budget ran out, unwind
search_start    resq 1              ; rdtsc when the search began
search_deadline resq 1              ; rdtsc past which search_clock says stop
root_ply        resw 1              ; [ply] at the root (a word, to compare with SI)
root_end        resw 1              ; -> past the root's chain (it starts at ES:0)
iteration_move  resd 1              ; the best move of the iteration under way, or 0
iteration_score resd 1
killers         resd MAX_PLY * KILLERS ; killer moves, by [ply]
order_hash      resd 1              ; the hash move search_order puts first
null_ply        resw 1              ; [ply] after the last null move: never two in a row
history_keys    resd HISTORY_MAX    ; Zobrist keys of the game's positions, oldest first
history_count   resw 1

        section .data

; order_rank -- MVV/LVA rank of each piece code ROOK .. PAWN: the victim's counts
; 1 << ORDER_VICTIM_SHIFT times, the attacker's is taken off.
order_rank      db 4, 2, 3, 5, 6, 1
%if $ - order_rank != PIECE_KINDS
  %error "one rank a piece code"
%endif

; piece_cp -- Michniewski's value of each piece code ROOK .. PAWN in centipawns, a word
; each (the king's 0: it is never taken).
piece_cp        dw ROOK_CP, KNIGHT_CP, BISHOP_CP, QUEEN_CP, 0, PAWN_CP
%if $ - piece_cp != 2 * PIECE_KINDS
  %error "one value a piece code"
%endif

        section .text

%if (SEARCH_PLY_LIMIT + 2) * (node_size + 16) + 1024 > STACK_BYTES
%error "the stack cannot hold a node frame for every ply"
%endif

; The steps of a node's move loop that search_root, search_node and search_quiesce share
; (BP -> the node frame, [bp + node.current] -> the move at hand, made by search_play).
; Macros rather than routines: a call would add instructions, and the budget counts them.

; SEARCH_CHILD routine, aborted -- search the position after the move at hand with
;                                  routine (search_node or search_quiesce)
; IN:  EDX, EBX = the child's alpha and beta (CL = its plies for search_node)
; OUT: EAX = the move's score from this side's view; to aborted if the budget ran out
; CHG: EBX, ECX, EDX, SI
%macro SEARCH_CHILD 2
        call %1
        cmp byte [search_abort], 0
        jne %2
        neg eax
%endmacro

; SEARCH_PROBE searched, aborted -- principal variation search's null window: does the
;                                   move at hand beat alpha?
; IN:  EDX = alpha; CL = the child's plies
; OUT: EAX = the move's score: to searched if it is alpha or less, else on with CL = the
;      child's plies unreduced ([bp + node.depth] - 1); to aborted if the budget ran out
; CHG: EBX, ECX, EDX, SI
%macro SEARCH_PROBE 2
        neg edx                     ; a null window: does it beat alpha?
        mov ebx, edx
        dec edx
        SEARCH_CHILD search_node, %2
        cmp eax, [bp + node.alpha]
        jle %1
        mov cl, [bp + node.depth]
        dec cl
%endmacro

; SEARCH_TAKEBACK_CURRENT [keep_score] -- take back the move at hand
; IN:  the position after the move at hand; with keep_score, EAX = its score
; OUT: the position before it; SI -> the move; EAX = its score with keep_score, else
;      the move
; CHG: nothing else
%macro SEARCH_TAKEBACK_CURRENT 0-1
        mov si, [bp + node.current]
  %ifidn %1, keep_score
        push eax
  %endif
        mov eax, [es:si]
        call search_takeback
  %ifidn %1, keep_score
        pop eax
  %endif
%endmacro

; search_best -- the move to play: the mate logic, then iterative deepening within the
;                budget (Liberman: the mate solving logic, then the positional logic)
; IN:  the position (as fen_parse and move_make leave it; [ply] + SEARCH_MAX_DEPTH
;      should stay below MAX_PLY); [search_budget] = emulated instructions (rdtsc);
;      [search_mate_moves] = the mate logic's moves (0 or 1: mate in one only); the
;      game's history (search_history_reset / search_history_note) for repetitions
; OUT: CF clear: EAX = the move record to play; CF set: no legal move (EAX = 0);
;      [search_score], [search_depth], [search_nodes]; the position unchanged; the move
;      stack, the score and hash segments overwritten
; CHG: EBX, ECX, EDX, ESI, EDI, EBP
search_best:
        push es
        push fs
        push gs
        call search_segments
        READ_TSC
        mov [search_start], eax
        mov [search_start + 4], edx
        mov eax, [search_budget]
        call search_clock_set
        mov dword [search_nodes], 1
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
        call search_clock_none      ; a mate in one is looked for whatever the budget
        mov cl, 1
        mov ch, 1
        mov di, [root_end]
        call mate_find_lengths
        jnc .mate
        mov eax, [search_budget]
        shr eax, MATE_BUDGET_SHIFT
        call search_clock_set
        mov ch, [search_mate_moves]
        cmp ch, 2
        jb .deepen
        mov cl, 2
        mov di, [root_end]
        call mate_find_lengths
        jnc .mate
.deepen:
        mov eax, [search_budget]
        call search_clock_set
        call search_iterate
        jmp .done
.mate:  mov [search_move], eax      ; CL = k: a mate k moves, 2k - 1 plies, away
        movzx eax, cl
        add al, al
        dec al
        mov [search_depth], al
        neg eax
        add eax, SCORE_MATE
        mov [search_score], eax
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

; search_mate -- the mate solving logic on its own, without a budget (the mate job, and
;                the game if it wants Liberman's mate search alone)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; the position
; OUT: CF clear: EAX = the first move of a shortest forced mate, CL = k, its length in
;      moves; CF set: no mate in N moves; [search_nodes] = positions visited; the
;      position unchanged, the move stack overwritten
; CHG: EBX, ECX, EDX, SI, DI, EBP
search_mate:
        push es
        push fs
        push gs
        push cx
        call search_segments
        pop cx
        mov dword [search_nodes], 1
        call search_clock_none
        xor di, di
        call mate_find
        pop gs
        pop fs
        pop es
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

; search_clear -- empty the hash table and the killer moves
; IN:  GS = the hash segment
; OUT: every entry BOUND_NONE with key 0, killers 0
; CHG: EAX, ECX, DI
search_clear:
        push es
        push gs
        pop es
        xor eax, eax
        xor di, di
        mov cx, SEGMENT_BYTES >> DWORD_SHIFT
        rep stosd
        pop es
        mov di, killers
        mov cx, MAX_PLY * KILLERS
.killer:
        mov [di], eax
        add di, 1 << DWORD_SHIFT
        loop .killer
        ret

; search_clock_set -- start counting a budget from the search's start
; IN:  EAX = emulated instructions; [search_start]
; OUT: [search_deadline] = [search_start] + EAX; [search_abort] = 0
; CHG: EAX
search_clock_set:
        push edx
        xor edx, edx
        add eax, [search_start]
        adc edx, [search_start + 4]
        mov [search_deadline], eax
        mov [search_deadline + 4], edx
        mov byte [search_abort], 0
        pop edx
        ret

; search_clock_none -- no deadline (the mate and exchange jobs run to their end)
; IN:  nothing
; OUT: [search_deadline] = the largest count; [search_abort] = 0
; CHG: nothing
search_clock_none:
        mov dword [search_deadline], 0FFFFFFFFh
        mov dword [search_deadline + 4], 0FFFFFFFFh
        mov byte [search_abort], 0
        ret

; search_clock -- has the budget run out?
; IN:  [search_deadline]
; OUT: CF set if it has (and [search_abort] set)
; CHG: nothing
search_clock:
        cmp byte [search_abort], 0
        jne .out
        push eax
        push edx
        READ_TSC
        sub eax, [search_deadline]
        sbb edx, [search_deadline + 4]
        pop edx
        pop eax
        jc .in_time                 ; now < deadline
        mov byte [search_abort], 1
.out:   stc
        ret
.in_time:
        clc
        ret

; search_make -- move_make, counting the position visited
; IN:  EAX = a legal move of the side to move
; OUT: the position after it; [search_nodes] + 1
; CHG: nothing
search_make:
        push bx
        push ecx
        push dx
        call move_make
        inc dword [search_nodes]
        pop dx
        pop ecx
        pop bx
        ret

; search_play -- search_make for the alpha-beta search: the evaluation's sums follow
; IN:  EAX = a legal move of the side to move
; OUT: the position after it; [search_nodes] + 1; eval_psq, eval_phase updated
; CHG: nothing
search_play:
        call eval_save
        call search_make
        jmp eval_move

; search_takeback -- search_unmake for the alpha-beta search
; IN:  EAX = the move last made by search_play
; OUT: the position and the evaluation's sums before it
; CHG: nothing
search_takeback:
        call search_unmake
        jmp eval_restore

; search_unmake -- move_unmake
; IN:  EAX = the move last made
; OUT: the position before it
; CHG: nothing
search_unmake:
        push bx
        push ecx
        call move_unmake
        pop ecx
        pop bx
        ret

; search_history_reset -- forget the game's positions (a new game or a set-up position)
; IN:  nothing
; OUT: [history_count] = 0
; CHG: nothing
search_history_reset:
        mov word [history_count], 0
        ret

; search_history_note -- note the current position as one the game has reached: call
;                        after setting up a position and after every move played
; IN:  the position
; OUT: its key appended to history_keys (which forgets what came before an irreversible
;      move, and its oldest key when full); [hash_key] set
; CHG: nothing
search_history_note:
        pushad
        call hash_compute
        cmp word [halfmove], 0
        jne .room
        mov word [history_count], 0 ; nothing before a capture or pawn move can recur
.room:  mov bx, [history_count]
        cmp bx, HISTORY_MAX
        jb .add
        push es                     ; full: drop the oldest
        push ds
        pop es
        mov di, history_keys
        lea si, [di + (1 << DWORD_SHIFT)]
        mov cx, HISTORY_MAX - 1
        rep movsd
        pop es
        dec bx
.add:   mov eax, [hash_key]
        shl bx, DWORD_SHIFT
        mov [history_keys + bx], eax
        inc word [history_count]
        popad
        ret

; search_draw -- is the position drawn by the 50-move rule or by a repetition?
;                (never asked at the root: the root must give a move)
; A repetition is a key met before since the last irreversible move: in the search path
; (key_stack, every second ply back to the root) and, when no capture or pawn move was
; made since the root, anywhere in the game's history.  The key holds the side to move.
; IN:  the position, [hash_key]; [ply] > [root_ply]; key_stack; history_keys
; OUT: CF set if a draw
; CHG: EAX, ECX, SI
search_draw:
        movzx ecx, word [halfmove]
        cmp cx, FIFTY_MOVE_PLIES
        jae .draw
        mov eax, [hash_key]
        movzx si, byte [ply]
        neg cx
        add cx, si                  ; CX = the ply of the last irreversible move
        sub si, REPETITION_GAP
.path:  cmp si, cx                  ; signed: the plies can run below 0
        jl .none
        cmp si, [root_ply]
        jl .game
        shl si, DWORD_SHIFT
        cmp eax, [key_stack + si]
        je .draw
        shr si, DWORD_SHIFT
        sub si, 2                   ; the same side to move
        jmp .path
.game:  mov si, [history_count]
.older: dec si
        js .none
        shl si, DWORD_SHIFT
        cmp eax, [history_keys + si]
        je .draw
        shr si, DWORD_SHIFT
        jmp .older
.none:  clc
        ret
.draw:  stc
        ret

; search_iterate -- iterative deepening over the root's moves
; IN:  the root's chain at ES:0 .. [root_end], at least two moves; the clock set
; OUT: [search_move], [search_score], [search_depth]
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
search_iterate:
        xor si, si
        mov dx, [root_end]
        mov dword [order_hash], 0
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
        mov eax, [search_score]     ; a mate found (for either side) needs no deeper look
        cdq
        xor eax, edx
        sub eax, edx
        cmp eax, SCORE_MATE_BOUND
        jg .done
        cmp cl, SEARCH_MAX_DEPTH
        jae .done
        READ_TSC                    ; another iteration would cost more than what is left
        sub eax, [search_start]
        mov edx, [search_budget]
        shr edx, DEEPEN_BUDGET_SHIFT
        cmp eax, edx
        jae .done
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
;      out ([iteration_move] = the best of the moves searched to the end, or 0)
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
        mov edx, [bp + node.alpha]
.full:  mov ebx, edx                ; the full window: (alpha, infinity)
        neg ebx
        mov edx, -SCORE_INFINITE
        SEARCH_CHILD search_node, .aborted
.searched:
        SEARCH_TAKEBACK_CURRENT keep_score
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
.aborted:
        SEARCH_TAKEBACK_CURRENT
        stc
.out:   lea sp, [bp + node_size]
        pop bp
        ret

; search_node -- the alpha-beta value of a position below the root (negamax, fail-soft)
; IN:  CL = plies to go (signed; <= 0: the quiescence search); EDX = alpha, EBX = beta;
;      DI -> free space in the move chain
; OUT: EAX = the score from the side to move's view (meaningless if [search_abort])
; CHG: EBX, ECX, EDX, SI (DI, BP kept)
search_node:
        push bp
        sub sp, node_size
        mov bp, sp
        mov [bp + node.alpha], edx
        mov [bp + node.alpha_in], edx
        mov [bp + node.beta], ebx
        mov [bp + node.depth], cl
        mov [bp + node.first], di
        call search_draw
        jc .draw
        cmp byte [bp + node.depth], 0
        jle .quiesce
        call search_clock
        jc .abort
        cmp byte [ply], SEARCH_PLY_LIMIT
        jae .evaluate
        call tt_probe
        jc .return
        mov [bp + node.hash_move], eax
        cmp byte [bp + node.depth], NULL_MIN_DEPTH
        jl .generate
        call search_null
        jc .return
        cmp byte [search_abort], 0
        jne .abort
.generate:
        push bp
        call gen_moves
        pop bp
        mov [bp + node.end], di
        mov byte [bp + node.flags], 0
        test ecx, ecx
        jz .no_move
        cmp byte [checkers], 0
        je .order
        or byte [bp + node.flags], NODE_IN_CHECK
        inc byte [bp + node.depth]  ; a check is looked at one ply further
.order: mov si, [bp + node.first]
        mov dx, di
        mov eax, [bp + node.hash_move]
        mov [order_hash], eax
        call search_order
        mov ax, [bp + node.first]
        mov [bp + node.next], ax
        mov dword [bp + node.best], -SCORE_INFINITE
        mov dword [bp + node.move], 0
.pick:  call search_pick
        jc .store
        mov eax, [es:si]
        call search_play
        mov cl, [bp + node.depth]
        dec cl
        mov edx, [bp + node.alpha]
        cmp si, [bp + node.first]
        je .full
        call search_reduce
.zero:  mov edx, [bp + node.alpha]
        SEARCH_PROBE .searched, .aborted
        test byte [bp + node.flags], NODE_REDUCED
        jz .wide
        and byte [bp + node.flags], ~NODE_REDUCED
        jmp .zero                   ; it beat alpha reduced: again at full depth
.wide:  cmp eax, [bp + node.beta]
        jge .searched
        mov edx, [bp + node.alpha]
.full:  mov ebx, edx                ; the window (alpha, beta), seen from the other side
        neg ebx
        mov edx, [bp + node.beta]
        neg edx
        SEARCH_CHILD search_node, .aborted
.searched:
        SEARCH_TAKEBACK_CURRENT keep_score
        cmp eax, [bp + node.best]
        jle .pick
        mov [bp + node.best], eax
        mov ebx, [es:si]
        mov [bp + node.move], ebx
        cmp eax, [bp + node.alpha]
        jle .pick
        mov [bp + node.alpha], eax
        cmp eax, [bp + node.beta]
        jl .pick
        call search_killer          ; a cut: remember a quiet move that made it
.store: call tt_store
        mov eax, [bp + node.best]
        jmp .return
.no_move:
        call search_no_move_score
        jmp .return
.quiesce:
        call search_quiesce
        jmp .return
.evaluate:
        call eval_position
        jmp .return
.draw:  mov eax, SCORE_DRAW
        jmp .return
.aborted:
        SEARCH_TAKEBACK_CURRENT
.abort: xor eax, eax
.return:
        mov di, [bp + node.first]
        lea sp, [bp + node_size]
        pop bp
        ret

; search_quiesce -- the quiescence search: the evaluation stands unless a capture or a
;                   queen promotion does better (every move when in check).  A capture
;                   that could not lift the score to alpha even with QUIESCE_MARGIN more
;                   is not tried (delta pruning).  Out of check only the captures and
;                   promotions are generated, so a stalemate is not seen here
; IN:  EDX = alpha, EBX = beta; DI -> free space in the move chain
; OUT: EAX = the score from the side to move's view (meaningless if [search_abort])
; CHG: EBX, ECX, EDX, SI (DI, BP kept)
search_quiesce:
        push bp
        sub sp, node_size
        mov bp, sp
        mov [bp + node.alpha], edx
        mov [bp + node.beta], ebx
        mov [bp + node.first], di
        mov byte [bp + node.flags], 0
        call search_clock
        jc .abort
        cmp byte [ply], SEARCH_PLY_LIMIT
        jae .evaluate
        call mate_in_check
        jc .in_check
        call eval_position          ; stand pat: the side need not take
        cmp eax, [bp + node.beta]
        jge .return
        mov [bp + node.best], eax
        cmp eax, [bp + node.alpha]
        jle .generate
        mov [bp + node.alpha], eax
.generate:
        push bp
        call gen_captures           ; quiet moves are never tried here
        pop bp
        mov [bp + node.end], di
        call search_order_captures
        jmp .moves
.in_check:
        or byte [bp + node.flags], NODE_IN_CHECK
        push bp
        call gen_moves
        pop bp
        mov [bp + node.end], di
        test ecx, ecx
        jz .no_move                 ; mated
        mov dword [bp + node.best], -SCORE_INFINITE
        mov si, [bp + node.first]
        mov dx, di
        mov dword [order_hash], 0
        call search_order
.moves: mov ax, [bp + node.first]
        mov [bp + node.next], ax
.pick:  call search_pick
        jc .done
        mov eax, [es:si]
        call search_play
        mov ebx, [bp + node.alpha]
        neg ebx
        mov edx, [bp + node.beta]
        neg edx
        SEARCH_CHILD search_quiesce, .aborted
        SEARCH_TAKEBACK_CURRENT keep_score
        cmp eax, [bp + node.best]
        jle .pick
        mov [bp + node.best], eax
        cmp eax, [bp + node.alpha]
        jle .pick
        mov [bp + node.alpha], eax
        cmp eax, [bp + node.beta]
        jl .pick
.done:  mov eax, [bp + node.best]
        jmp .return
.no_move:
        call search_no_move_score
        jmp .return
.evaluate:
        call eval_position
        jmp .return
.aborted:
        SEARCH_TAKEBACK_CURRENT
.abort: xor eax, eax
.return:
        mov di, [bp + node.first]
        lea sp, [bp + node_size]
        pop bp
        ret

; search_reduce -- shall the move just made be searched a ply shallower (a late quiet
;                  move)?
; IN:  BP -> the node frame: .depth, .first, .flags; ES:SI -> the move (its order score
;      at FS:SI); CL = the child's depth; the position after the move
; OUT: CL - 1 and NODE_REDUCED set if so, else NODE_REDUCED clear
; CHG: AX, BX
search_reduce:
        and byte [bp + node.flags], ~NODE_REDUCED
        cmp byte [bp + node.depth], LMR_MIN_DEPTH
        jl .no
        test byte [bp + node.flags], NODE_IN_CHECK
        jnz .no
        cmp dword [fs:si], ORDER_QUIET
        jne .no
        mov ax, si
        sub ax, [bp + node.first]
        cmp ax, LMR_MIN_MOVES * MOVE_SIZE
        jb .no
        call mate_in_check          ; a check is never reduced
        jc .no
        or byte [bp + node.flags], NODE_REDUCED
        dec cl
.no:    ret

; search_null -- try the null move: if the side to move could pass and still be at
;                beta or above after a search NULL_REDUCTION plies shallower, the node
;                fails high
; IN:  BP -> the node frame: .depth, .beta; DI -> free space in the move chain
; OUT: CF set: EAX = the score to end the node with; CF clear: no cut (or the budget ran
;      out: [search_abort])
; CHG: EAX, EBX, ECX, EDX, SI
search_null:
        movzx ax, byte [ply]
        cmp ax, [null_ply]
        je .no                      ; the other side just passed
        mov eax, [bp + node.beta]
        cmp eax, SCORE_MATE_BOUND
        jge .no
        cmp eax, -SCORE_MATE_BOUND
        jle .no
        call mate_in_check
        jc .no
        call eval_position
        cmp eax, [bp + node.beta]
        jl .no
        call search_has_pieces      ; with pawns alone, passing may be the only good move
        jnc .no
        push word [null_ply]
        push word [halfmove]
        push word [ep_square]
        push dword [hash_key]
        movzx bx, byte [ply]
        shl bx, DWORD_SHIFT
        mov eax, [hash_key]
        mov [key_stack + bx], eax
        inc byte [ply]
        movzx bx, byte [ply]
        mov [null_ply], bx
        xor eax, [zobrist_side]
        movzx ebx, byte [ep_square]
        cmp bl, NO_SQUARE
        je .passed
        and bl, FILE_MASK
        xor eax, [zobrist_ep + ebx * 4]
        mov byte [ep_square], NO_SQUARE
.passed:
        mov [hash_key], eax
        xor byte [side], WHITE
        mov word [halfmove], 0      ; no repetition reaches back over the pass
        mov cl, [bp + node.depth]
        sub cl, 1 + NULL_REDUCTION
        mov ebx, [bp + node.beta]   ; the window (beta - 1, beta), from the other side
        neg ebx
        inc ebx
        mov edx, ebx
        dec edx
        call search_node
        neg eax
        xor byte [side], WHITE
        dec byte [ply]
        pop dword [hash_key]
        pop bx
        mov [ep_square], bl
        pop word [halfmove]
        pop word [null_ply]
        cmp byte [search_abort], 0
        jne .no
        cmp eax, [bp + node.beta]
        jl .no
        cmp eax, SCORE_MATE_BOUND   ; a mate found by passing is no proof
        jle .cut
        mov eax, [bp + node.beta]
.cut:   stc
        ret
.no:    clc
        ret

; search_has_pieces -- has the side to move a knight, bishop, rook or queen?
; IN:  the position
; OUT: CF set if it has
; CHG: nothing
search_has_pieces:
        push ax
        push bx
        xor bx, bx
.square:
        mov al, [carreau + bx]
        cmp al, EMPTY
        je .next
        mov ah, al
        and ah, WHITE
        cmp ah, [side]
        jne .next
        and al, PIECE_MASK
        cmp al, QUEEN               ; ROOK, KNIGHT, BISHOP, QUEEN are the codes up to it
        jbe .found
.next:  inc bx
        cmp bx, BOARD_SQUARES
        jb .square
        clc
        jmp .done
.found: stc
.done:  pop bx
        pop ax
        ret
%if ROOK > QUEEN || KNIGHT > QUEEN || BISHOP > QUEEN || KING < QUEEN || PAWN < QUEEN
  %error "search_has_pieces needs R N B Q to be the codes up to QUEEN"
%endif

; search_no_move_score -- the score of a side without a legal move
; IN:  [checkers] as gen_moves left it; [ply], [root_ply]
; OUT: EAX = mated n plies from the root: n - SCORE_MATE; stalemate: SCORE_DRAW
; CHG: nothing else
search_no_move_score:
        mov eax, SCORE_DRAW
        cmp byte [checkers], 0
        je .done
        movzx eax, byte [ply]
        sub ax, [root_ply]
        sub eax, SCORE_MATE
.done:  ret

; search_order -- give each move of a chain its order score (FS, beside the move):
;                 the hash move, captures by MVV/LVA, the ply's killers, quiet moves 0
; IN:  ES:SI -> the first move, ES:DX -> past the last; [order_hash] = the hash move
;      (0: none); [ply] for the killers
; OUT: the scores at FS:SI .. FS:DX
; CHG: EAX, EBX, ECX, SI
search_order:
        movzx ebx, byte [ply]
        shl bx, KILLER_SHIFT
.move:  cmp si, dx
        jae .done
        mov eax, [es:si]
        mov ecx, ORDER_HASH
        cmp eax, [order_hash]
        je .score
        call search_capture_score
        test ecx, ecx
        jnz .score
        mov ecx, ORDER_KILLER_1
        cmp eax, [killers + bx]
        je .score
        mov ecx, ORDER_KILLER_2
        cmp eax, [killers + bx + (1 << DWORD_SHIFT)]
        je .score
        mov ecx, ORDER_QUIET
.score: mov [fs:si], ecx
        add si, MOVE_SIZE
        jmp .move
.done:  ret

; search_order_captures -- keep the captures and queen promotions of the node's chain
;                          that could lift the stand-pat score to alpha (what they take,
;                          in centipawns, + QUIESCE_MARGIN > alpha - stand pat) and that
;                          do not put a piece worth more than they take on a square the
;                          other side attacks, each with its MVV/LVA score (for the
;                          quiescence search)
; IN:  BP -> the node frame: .first, .end, .alpha, .best (the stand-pat score)
; OUT: the moves kept at the front of the chain, [bp + node.end] and DI past them
; CHG: EAX, EBX, ECX, EDX, SI
search_order_captures:
        mov edx, [bp + node.alpha]  ; EDX = the least gain worth trying
        sub edx, [bp + node.best]
        sub edx, QUIESCE_MARGIN
        mov si, [bp + node.first]
        mov di, si
.move:  cmp si, [bp + node.end]
        jae .done
        mov eax, [es:si]
        cmp byte [es:si + move.captured], EMPTY
        jne .capture
        test ah, PROMO_FLAG
        jnz .capture
        mov cl, al
        and cl, KIND_MASK
        cmp cl, KIND_EP
        jne .next                   ; a quiet move
.capture:
        call search_capture_score
        jecxz .next
        call search_capture_gain
        cmp ebx, edx
        jle .next
        call search_capture_risky
        jc .next
        mov [es:di], eax
        mov [fs:di], ecx
        add di, MOVE_SIZE
.next:  add si, MOVE_SIZE
        jmp .move
.done:  mov [bp + node.end], di
        ret

; search_capture_risky -- does a capture put a piece worth more than it takes where the
;                         other side can take it back?
; IN:  EAX = the move; EBX = what it takes (search_capture_gain)
; OUT: CF set if so
; CHG: nothing
search_capture_risky:
        push eax
        push bx
        push si
        movzx si, ah
        and si, PIECE_MASK
        add si, si
        cmp bx, [piece_cp + si]
        jae .safe                   ; it takes at least what it risks
        shr eax, 16
        movzx bx, al                ; the to square
        call mate_attacked_by_enemy
        jmp .done
.safe:  clc
.done:  pop si
        pop bx
        pop eax
        ret

; search_capture_gain -- what a capture or promotion wins, in centipawns (Michniewski's
;                        values: the piece taken, a pawn for en passant, and a new
;                        piece's value less the pawn's)
; IN:  EAX = a move record
; OUT: EBX = the gain (0 for a quiet move)
; CHG: nothing else
search_capture_gain:
        push ecx
        xor ebx, ebx
        mov ecx, eax
        shr ecx, 24                 ; CL = the content taken (move.captured)
        cmp cl, EMPTY
        je .en_passant
        and cx, PIECE_MASK
        add cx, cx
        push si
        mov si, cx
        movzx ebx, word [piece_cp + si]
        pop si
        jmp .promotion
.en_passant:
        mov cl, al
        and cl, KIND_MASK
        cmp cl, KIND_EP
        jne .promotion
        mov ebx, PAWN_CP
.promotion:
        test ah, PROMO_FLAG
        jz .done
        movzx cx, ah
        shr cx, PROMO_SHIFT
        and cx, PROMO_CODE_MASK
        add cx, cx
        push si
        mov si, cx
        movzx ecx, word [piece_cp + si]
        pop si
        add ebx, ecx
        sub ebx, PAWN_CP
.done:  pop ecx
        ret

; search_capture_score -- the MVV/LVA order score of a capture or queen promotion
; IN:  EAX = a move record
; OUT: ECX = ORDER_CAPTURE + (victim rank (+ queen rank if it promotes to a queen) <<
;      ORDER_VICTIM_SHIFT) - the mover's rank; 0 for any other move
; CHG: nothing else
search_capture_score:
        push ebx
        xor ecx, ecx
        mov ebx, eax
        shr ebx, 24                 ; BL = the content taken (move.captured)
        cmp bl, EMPTY
        je .en_passant
        and bx, PIECE_MASK
        mov cl, [order_rank + bx]
        jmp .promotion
.en_passant:
        mov bl, al
        and bl, KIND_MASK
        cmp bl, KIND_EP
        jne .promotion
        mov cl, [order_rank + PAWN]
.promotion:
        mov bl, ah
        and bl, PROMO_FLAG | PROMO_PIECE_MASK
        cmp bl, PROMO_FLAG | (QUEEN << PROMO_SHIFT)
        jne .gain
        add cl, [order_rank + QUEEN]
.gain:  jecxz .done
        shl ecx, ORDER_VICTIM_SHIFT
        add ecx, ORDER_CAPTURE
        movzx bx, ah
        and bl, PIECE_MASK
        movzx ebx, byte [order_rank + bx]
        sub ecx, ebx
.done:  pop ebx
        ret

; search_pick -- the next move to search: the best-scored one left (selection), or,
;                once only quiet moves are left, simply the next
; IN:  BP -> the node frame: .next, .end, .flags; the scores at FS
; OUT: CF set: no move left; CF clear: ES:SI -> the move (swapped into place),
;      [bp + node.current] = SI, .next past it
; CHG: EAX, EBX, ECX, EDX
search_pick:
        mov si, [bp + node.next]
        cmp si, [bp + node.end]
        jae .none
        test byte [bp + node.flags], NODE_QUIET
        jnz .take
        movzx ebx, si               ; EBX -> the best so far, ECX = its score
        mov ecx, [fs:si]
        movzx edx, si
.scan:  add dx, MOVE_SIZE
        cmp dx, [bp + node.end]
        jae .found
        cmp [fs:edx], ecx
        jle .scan
        mov ecx, [fs:edx]
        mov bx, dx
        jmp .scan
.found: cmp ecx, ORDER_QUIET
        jg .swap
        or byte [bp + node.flags], NODE_QUIET ; all that is left is quiet
        jmp .take
.swap:  cmp bx, si
        je .take
        mov eax, [es:si]
        xchg eax, [es:bx]
        mov [es:si], eax
        mov eax, [fs:si]
        xchg eax, [fs:bx]
        mov [fs:si], eax
.take:  mov [bp + node.current], si
        lea ax, [si + MOVE_SIZE]
        mov [bp + node.next], ax
        clc
        ret
.none:  stc
        ret

; search_sort_root -- sort the root's moves by their order scores, best first, equal
;                     scores in generation order (an insertion sort)
; IN:  the chain ES:0 .. [root_end], its scores at FS
; OUT: the chain and its scores sorted
; CHG: EAX, EBX, ECX, SI, DI
search_sort_root:
        mov si, MOVE_SIZE
.next:  cmp si, [root_end]
        jae .done
        mov eax, [es:si]
        mov ecx, [fs:si]
        mov di, si
.shift: test di, di
        jz .place
        cmp [fs:di - MOVE_SIZE], ecx
        jge .place
        mov ebx, [es:di - MOVE_SIZE]
        mov [es:di], ebx
        mov ebx, [fs:di - MOVE_SIZE]
        mov [fs:di], ebx
        sub di, MOVE_SIZE
        jmp .shift
.place: mov [es:di], eax
        mov [fs:di], ecx
        add si, MOVE_SIZE
        jmp .next
.done:  ret

; search_killer -- a quiet move that caused a cut becomes the ply's first killer
; IN:  EBX = the move; [ply]
; OUT: killers updated (the old first becomes the second)
; CHG: EAX, ECX
search_killer:
        mov eax, ebx
        call search_capture_score
        test ecx, ecx
        jnz .done                   ; captures are ordered anyway
        push bx
        movzx ecx, byte [ply]
        shl cx, KILLER_SHIFT
        mov bx, cx
        cmp eax, [killers + bx]
        je .same
        mov ecx, [killers + bx]
        mov [killers + bx + (1 << DWORD_SHIFT)], ecx
        mov [killers + bx], eax
.same:  pop bx
.done:  ret

; tt_probe -- look the position up in the hash table
; IN:  [hash_key]; BP -> the node frame: .depth, .alpha, .beta; GS = the hash segment
; OUT: CF set: EAX = a score deep enough and inside its bound to end the node with;
;      CF clear: EAX = the stored move (0 if none)
; CHG: EBX, ECX
tt_probe:
        mov eax, [hash_key]
        mov bx, ax
        and bx, TT_OFFSET_MASK
        cmp eax, [gs:bx + tt.key]
        jne .miss
        mov cl, [gs:bx + tt.bound]
        cmp cl, BOUND_NONE
        je .miss
        mov ch, [gs:bx + tt.depth]
        cmp ch, [bp + node.depth]
        jl .move
        movsx eax, word [gs:bx + tt.score]
        call tt_score_from_table
        cmp cl, BOUND_EXACT
        je .cut
        cmp cl, BOUND_LOWER
        jne .upper
        cmp eax, [bp + node.beta]
        jge .cut
        jmp .move
.upper: cmp eax, [bp + node.alpha]
        jle .cut
.move:  mov eax, [gs:bx + tt.move]
        clc
        ret
.miss:  xor eax, eax
        clc
        ret
.cut:   stc
        ret

; tt_store -- keep the node's result in the hash table (the entry is replaced)
; IN:  [hash_key]; BP -> the node frame: .best, .move, .depth, .alpha_in, .beta
; OUT: the entry written
; CHG: EAX, EBX, CL
tt_store:
        mov eax, [hash_key]
        mov bx, ax
        and bx, TT_OFFSET_MASK
        mov [gs:bx + tt.key], eax
        mov eax, [bp + node.move]
        mov [gs:bx + tt.move], eax
        mov cl, [bp + node.depth]
        mov [gs:bx + tt.depth], cl
        mov eax, [bp + node.best]
        mov cl, BOUND_UPPER
        cmp eax, [bp + node.alpha_in]
        jle .bound
        mov cl, BOUND_LOWER
        cmp eax, [bp + node.beta]
        jge .bound
        mov cl, BOUND_EXACT
.bound: mov [gs:bx + tt.bound], cl
        call tt_score_to_table
        mov [gs:bx + tt.score], ax
        ret

; tt_score_to_table / tt_score_from_table -- a mate score counts plies from the root in
;                     the search, from the node in the table
; IN:  EAX = a score; [ply], [root_ply]
; OUT: EAX = the score as the table (or the search) keeps it
; CHG: nothing else
tt_score_to_table:
        push edx
        call tt_plies
        jmp tt_score_shift
tt_score_from_table:
        push edx
        call tt_plies
        neg edx
tt_score_shift:
        cmp eax, SCORE_MATE_BOUND
        jg .win
        cmp eax, -SCORE_MATE_BOUND
        jge .done
        sub eax, edx
        jmp .done
.win:   add eax, edx
.done:  pop edx
        ret

; tt_plies -- the plies from the root to the node
; IN:  [ply], [root_ply]
; OUT: EDX = [ply] - [root_ply]
; CHG: nothing else
tt_plies:
        movzx edx, byte [ply]
        sub dx, [root_ply]
        ret
