; node.asm -- the alpha-beta search below the root (beyond Liberman): a negamax node with
; principal variation search, the null move (and a mate threat it finds searched a ply
; deeper) and late move reductions, and the capture quiescence search (search.asm
; describes the whole; search.asm's search_root and search_iterate drive these).  A
; node's frame (struc node) lives on the stack.

        section .bss


        section .text

%ifndef PROFILE
%if (SEARCH_PLY_LIMIT + 2) * (node_size + 16) + 1024 > STACK_BYTES
%error "the stack cannot hold a node frame for every ply"
%endif
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
        cmp byte [clock_abort], 0
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

; SEARCH_TAKEBACK_CURRENT -- take back the move at hand
; IN:  the position after the move at hand
; OUT: the position before it; SI -> the move
; CHG: nothing else (EAX, the move's score, kept)
%macro SEARCH_TAKEBACK_CURRENT 0
        mov si, [bp + node.current]
        call eval_takeback
%endmacro

; CLOCK_CHECK stop -- clock_check inline, for the nodes of the search (clock_share has
;                    set [clock_nodes_last]): the node count here, the countdown's 1 in
;                    CLOCK_CHECK_EVERY calls and an overrun count in clock_check_due; a
;                    node costs a call and a return less.  No abort test: no node is
;                    entered once a limit has stopped the search (each caller of a node
;                    looks at [clock_abort] when it returns, and clock_check says stop
;                    when a front end's tick hook has set it)
; IN:  the search's clock (clock_begin, clock_share)
; OUT: to stop if a limit has been reached ([clock_abort]), else on
; CHG: EAX
%macro CLOCK_CHECK 1
        mov eax, [clock_nodes]
        cmp eax, [clock_nodes_last]
        ja %%due
        dec byte [clock_countdown]
        jnz %%on
%%due:  call clock_check_due
        jc %1
%%on:
%endmacro

; search_play -- move_play for the alpha-beta search, the evaluation's sums after it
;               (eval_move), in one pushad: the Zobrist key is left to make until a
;               position below asks for it (move_key_ensure), as most of the search's
;               positions go on to the quiescence search, which needs none
; IN:  EAX = a legal move of the side to move
; OUT: the position after it; [clock_nodes] + 1; eval_psq, eval_phase updated;
;      [hash_key] still the key before the move, [key_stale_ply] = the new [ply]
; CHG: nothing
search_play:
        pushad                      ; (eval_move's popad)
        call move_place
        mov bl, [ply]
        mov [key_stale_ply], bl
        inc dword [clock_nodes]
        mov byte [eval_frozen], 0
        jmp eval_move_pushed

; search_play_unkeyed -- search_play for the quiescence search, without the Zobrist key:
;                        no position below it is looked up by key (no hash table, no
;                        repetition test), and move_unmake puts back the key it keeps
; IN, OUT, CHG: as search_play; [hash_key] stays the key before the move; the
;      evaluation's rooks' files stay (eval_move_quiesce)
search_play_unkeyed:
        pushad
        call move_place
        inc dword [clock_nodes]
        mov byte [eval_frozen], 1
        jmp eval_move_pushed

; search_node -- the alpha-beta value of a position below the root (negamax, fail-soft)
; IN:  CL = plies to go (signed; <= 0: the quiescence search); EDX = alpha, EBX = beta;
;      DI -> free space in the move chain
; OUT: EAX = the score from the side to move's view (meaningless if [clock_abort])
; CHG: EBX, ECX, EDX, SI (DI, BP kept)
search_node:
        cmp cl, 0
        jg .frame
        cmp word [halfmove], REPETITION_GAP ; no plies to go: the draw test, then the
        jb search_quiesce           ; quiescence search in its own frame (no position
        call history_draw           ; to repeat: history_draw's first test)
        jnc search_quiesce
        jmp history_draw_score
.frame: push bp
        sub sp, node_size
        mov bp, sp
        mov [bp + node.alpha], edx
        mov [bp + node.alpha_in], edx
        mov [bp + node.beta], ebx
        mov [bp + node.depth], cl
        mov [bp + node.first], di
        mov byte [bp + node.flags], 0
        cmp word [halfmove], REPETITION_GAP
        jb .recent
        call history_draw
        jc .draw
.recent:
        CLOCK_CHECK .abort
        cmp byte [ply], SEARCH_PLY_LIMIT
        jae .evaluate
        call move_key_ensure
        call tt_probe
        jc .return
        mov [bp + node.hash_move], eax
        cmp byte [bp + node.depth], FUTILITY_DEPTH
        jg .null
        call search_futile
        jc .return
.null:  cmp byte [bp + node.depth], NULL_MIN_DEPTH
        jl .generate
        call search_null
        jc .return
        cmp byte [clock_abort], 0
        jne .abort
.generate:
        mov eax, [bp + node.hash_move]
        test eax, eax
        jz .all
        cmp di, CHAIN_GUARD
        ja .all
        push bp
        call gen_move_legal
        pop bp
        jnc .all
        mov [es:di], eax            ; the hash move alone first: the others are
        mov dword [fs:di], ORDER_HASH ; generated only if it makes no cut (.exhausted)
        add di, MOVE_SIZE
        mov [bp + node.end], di
        or byte [bp + node.flags], NODE_HASH_FIRST
        jmp .first
.all:   push bp
        call gen_moves
        pop bp
        mov [bp + node.end], di
        test ecx, ecx
        jz .no_move
        cmp byte [checkers], 0
        je .order
        or byte [bp + node.flags], NODE_IN_CHECK
        inc byte [bp + node.depth]  ; a check is looked at one ply further
.order: call search_order_node
.first: mov ax, [bp + node.first]
        mov [bp + node.next], ax
        mov dword [bp + node.best], -SCORE_INFINITE
        mov dword [bp + node.move], 0
.pick:  call search_pick
        jc .exhausted
.picked:
        mov eax, [es:si]
        test byte [bp + node.flags], NODE_FUTILE
        jnz .futile
.play:  call search_play
.deeper:
        mov cl, [bp + node.depth]
        dec cl
        cmp si, [bp + node.first]
        je .full
        cmp byte [bp + node.depth], LMR_MIN_DEPTH
        jl .zero                    ; (no move of the node is reduced: NODE_REDUCED clear)
        call search_reduce
.zero:  mov edx, [bp + node.alpha]
        SEARCH_PROBE .searched, .aborted
        test byte [bp + node.flags], NODE_REDUCED
        jz .wide
        and byte [bp + node.flags], ~NODE_REDUCED
        jmp .zero                   ; it beat alpha reduced: again at full depth
.wide:  cmp eax, [bp + node.beta]
        jge .searched
.full:  mov ebx, [bp + node.alpha]  ; the window (alpha, beta), seen from the other side
        neg ebx
        mov edx, [bp + node.beta]
        neg edx
        SEARCH_CHILD search_node, .aborted
.searched:
        SEARCH_TAKEBACK_CURRENT
.scored:
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
.futile:
        cmp dword [fs:si], ORDER_KILLER_2 ; a quiet move that is no killer
        jae .play
        call search_gives_check     ; a check is always searched
        jc .play
        jz .made
        inc dword [clock_nodes]     ; a position visited, as when it was made to be seen
        CLOCK_CHECK .abort          ; (no node below it asks the clock)
        mov eax, [bp + node.static] ; a quiet move cannot lift the score above this
        jmp .scored
.made:  call search_play            ; castling, en passant, a promotion: seen made
        call search_in_check
        jc .deeper
        CLOCK_CHECK .aborted
        mov eax, [bp + node.static]
        jmp .searched
.exhausted:
        test byte [bp + node.flags], NODE_HASH_FIRST
        jz .store
        and byte [bp + node.flags], ~NODE_HASH_FIRST ; the hash move made no cut: now
        mov di, [bp + node.first]   ; every move (the side is not in check), in order
        push bp
        call gen_moves
        pop bp
        mov [bp + node.end], di
        call search_order_node
        mov ax, [bp + node.first]
        mov [bp + node.next], ax
        call search_pick            ; the hash move, which comes first: searched already
        jc .store
        mov eax, [es:si]
        cmp eax, [bp + node.hash_move]
        je .pick
        jmp .picked
.no_move:
        call search_no_move_score
        jmp .return
.evaluate:
        call eval_position
        jmp .return
.draw:  call history_draw_score
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
;                   is not tried (delta pruning), nor even generated when every piece of
;                   its victim's kind is that cheap (capture_gap).  Out of check only the captures
;                   and
;                   promotions are generated, so a stalemate is not seen here
; IN:  EDX = alpha, EBX = beta; DI -> free space in the move chain
; OUT: EAX = the score from the side to move's view (meaningless if [clock_abort])
; CHG: EBX, ECX, EDX, SI (DI, BP kept)
search_quiesce:
        push bp
        sub sp, node_size
        mov bp, sp
        mov [bp + node.alpha], edx
        mov [bp + node.beta], ebx
        mov [bp + node.first], di
        mov byte [bp + node.flags], 0
        CLOCK_CHECK .abort
        cmp byte [ply], SEARCH_PLY_LIMIT
        jae .evaluate
        call eval_position          ; stand pat: the side need not take
        cmp eax, [bp + node.beta]
        jl .generate
        call search_in_check        ; a fail high out of check (below beta the
        jnc .return                 ; generator tells a check, at no cost)
.generate:
        mov [bp + node.best], eax
        neg eax                     ; the least gain a capture must offer to count
        add eax, [bp + node.alpha]  ; (search_order_captures keeps no other)
        sub eax, QUIESCE_MARGIN
%ifdef EVERY_CAPTURE                ; the variant build that generates every capture
        mov dword [capture_gap], -SCORE_INFINITE ; (test/capture-gap.test.ts)
%else
        mov [capture_gap], eax
%endif
        push bp
        call gen_captures           ; no quiet move unless in check
        pop bp
        mov [bp + node.end], di
        cmp byte [checkers], 0
        jne .in_check
        mov eax, [bp + node.best]
        cmp eax, [bp + node.alpha]
        jle .captures
        mov [bp + node.alpha], eax
.captures:
        call search_order_captures
        jmp .moves
.in_check:
        or byte [bp + node.flags], NODE_IN_CHECK
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
        call search_play_unkeyed
        mov ebx, [bp + node.alpha]
        neg ebx
        mov edx, [bp + node.beta]
        neg edx
        SEARCH_CHILD search_quiesce, .aborted
        SEARCH_TAKEBACK_CURRENT
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

; search_order_node -- search_order for the node's chain, the hash move first
; IN:  BP -> the node frame: .first, .hash_move; DI -> past the chain
; OUT: the scores at FS beside the chain
; CHG: EAX, EBX, ECX, EDX, SI
search_order_node:
        mov si, [bp + node.first]
        mov dx, di
        mov eax, [bp + node.hash_move]
        mov [order_hash], eax
        jmp search_order

; search_futile -- near the leaves, out of check, the evaluation decides before any
;                 move is searched: far enough above beta (FUTILITY_MARGIN a ply to
;                 go) the node fails high at once (reverse futility); at the last ply,
;                 if even FUTILITY_MARGIN more would not reach alpha, no quiet move
;                 that gives no check is searched (futility pruning).  Not when a
;                 bound is a mate score
; IN:  BP -> the node frame: .depth (1 .. FUTILITY_DEPTH), .alpha, .beta
; OUT: CF set: EAX = the score to end the node with; CF clear: NODE_FUTILE set in
;      .flags, with .static = the evaluation + FUTILITY_MARGIN, if quiet moves are to be
;      left out
; CHG: EAX, EBX, ECX
search_futile:
        mov eax, [bp + node.beta]
        cmp eax, SCORE_MATE_BOUND
        jge .no
        mov eax, [bp + node.alpha]
        cmp eax, -SCORE_MATE_BOUND
        jle .no
        call search_in_check
        jc .no
        call eval_position
        mov [bp + node.static], eax ; for search_null, with NULL_MIN_DEPTH plies to go
        or byte [bp + node.flags], NODE_EVALUATED
        movzx ecx, byte [bp + node.depth]
        imul ecx, ecx, FUTILITY_MARGIN
        mov ebx, eax
        sub ebx, ecx
        cmp ebx, [bp + node.beta]
        jl .prune
        mov eax, ebx
        stc
        ret
.prune: cmp byte [bp + node.depth], 1
        jne .no
        add eax, FUTILITY_MARGIN
        cmp eax, [bp + node.alpha]
        jg .no
        mov [bp + node.static], eax
        or byte [bp + node.flags], NODE_FUTILE
.no:    clc
        ret

; search_reduce -- shall the move just made be searched shallower (a late quiet move)?
;                  A ply after the first LMR_MIN_MOVES moves; two after the first
;                  LMR_DEEP_MOVES with LMR_DEEP_DEPTH plies or more to go, after the
;                  first LMR_LATE_MOVES with fewer; with LMR_SHALLOW_DEPTH plies to go
;                  only after the first LMR_LATE_MOVES (straight to the quiescence
;                  search)
; IN:  BP -> the node frame: .depth (LMR_MIN_DEPTH or more: the caller looks), .first,
;      .flags; ES:SI -> the move (its order score at FS:SI); CL = the child's depth; the
;      position after the move
; OUT: CL - 1 or CL - 2 and NODE_REDUCED set if so, else NODE_REDUCED clear
; CHG: AX, BX
search_reduce:
        and byte [bp + node.flags], ~NODE_REDUCED
        test byte [bp + node.flags], NODE_IN_CHECK
        jnz .no
        cmp dword [fs:si], ORDER_KILLER_2 ; a quiet move that is no killer
        jae .no
        mov ax, si
        sub ax, [bp + node.first]
        cmp ax, LMR_MIN_MOVES * MOVE_SIZE
        jb .no
        cmp byte [bp + node.depth], LMR_SHALLOW_DEPTH
        jne .check
        cmp ax, LMR_LATE_MOVES * MOVE_SIZE
        jb .no                      ; at the shallowest, only the latest moves
.check: call search_in_check        ; a check is never reduced
        jc .no
        or byte [bp + node.flags], NODE_REDUCED
        dec cl
        cmp byte [bp + node.depth], LMR_DEEP_DEPTH
        jl .late
        cmp ax, LMR_DEEP_MOVES * MOVE_SIZE
        jb .no
        dec cl
        ret
.late:  cmp ax, LMR_LATE_MOVES * MOVE_SIZE
        jb .no
        dec cl
.no:    ret

; search_null -- try the null move: if the side to move could pass and still be at
;                beta or above after a search NULL_REDUCTION plies shallower (a ply
;                more from NULL_DEEP_DEPTH plies to go), the node fails high
; IN:  BP -> the node frame: .depth, .beta; DI -> free space in the move chain
; OUT: CF set: EAX = the score to end the node with; CF clear: no cut (or the budget ran
;      out: [clock_abort]), and .depth + 1 if passing was mated (a mate threat)
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
        test byte [bp + node.flags], NODE_EVALUATED
        jz .evaluate
        mov eax, [bp + node.static] ; search_futile's: not in check
        jmp .evaluated
.evaluate:
        call search_in_check
        jc .no
        call eval_position
.evaluated:
        cmp eax, [bp + node.beta]
        jl .no
        movzx bx, byte [side]       ; with pawns alone, passing may be the only good move
        shr bx, COLOUR_SHIFT
        cmp byte [eval_phase + bx], 0
        je .no
        push word [null_ply]
        call move_pass
        movzx bx, byte [ply]
        mov [null_ply], bx
        mov cl, [bp + node.depth]
        sub cl, 1 + NULL_REDUCTION
        cmp cl, NULL_DEEP_DEPTH - 1 - NULL_REDUCTION
        jl .reduced
        dec cl                      ; deep enough: a ply more
.reduced:
        mov ebx, [bp + node.beta]   ; the window (beta - 1, beta), from the other side
        neg ebx
        inc ebx
        mov edx, ebx
        dec edx
        call search_node
        neg eax
        call move_unpass
        pop word [null_ply]
        cmp byte [clock_abort], 0
        jne .no
        cmp eax, [bp + node.beta]
        jge .beta
        cmp eax, -SCORE_MATE_BOUND  ; passing is mated: a mate threat, which the node
        jg .no                      ; searches a ply deeper
        inc byte [bp + node.depth]
        jmp .no
.beta:  cmp eax, SCORE_MATE_BOUND   ; a mate found by passing is no proof
        jle .cut
        mov eax, [bp + node.beta]
.cut:   stc
        ret
.no:    clc
        ret

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
