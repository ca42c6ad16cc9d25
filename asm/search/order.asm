; order.asm -- move ordering for the alpha-beta search (beyond Liberman): each move's
; order score beside it in the score segment (FS), the hash move first, captures by
; MVV/LVA, two killer moves a ply (kept in the score segment past the move scores, at
; KILLER_BASE), then the quiet moves by their history count; the capture tests the
; quiescence search uses to leave losing-looking captures out.

        section .bss

order_hash      resd 1              ; the hash move search_order puts first

        section .data

; piece_cp -- the search's value of each piece code ROOK .. PAWN in centipawns (chess.inc),
; a word each (the king's 0: it is never taken): what a capture wins, for the quiescence
; search's filter and the risk test.
piece_cp        dw ROOK_CP, KNIGHT_CP, BISHOP_CP, QUEEN_CP, 0, PAWN_CP
%if $ - piece_cp != 2 * PIECE_KINDS
  %error "one value a piece code"
%endif

; order_rank -- MVV/LVA rank of each piece code ROOK .. PAWN: the victim's counts
; 1 << ORDER_VICTIM_SHIFT times, the attacker's is taken off.
order_rank      db 4, 2, 3, 5, 6, 1
%if $ - order_rank != PIECE_KINDS
  %error "one rank a piece code"
%endif

        section .text

; HISTORY_SLOT reg32, low8, word -- reg32 = the offset in history of a move whose piece
; and to bytes are the word given (move.piece, move.to): ((to << CONTENT_BITS) |
; content) * 2, in three instructions (search_order does it for every quiet move): the
; piece byte shifted up drops its promotion bits, the word shifted down brings in the to
; square above the content
CONTENT_BITS    equ 5
%if CONTENT_MASK != (1 << CONTENT_BITS) - 1 || move.to != move.piece + 1 || HISTORY_SLOTS != BOARD_SQUARES << CONTENT_BITS
  %error "HISTORY_SLOT builds the offset as to << 6 | content << 1 from the piece and to bytes"
%endif
%macro HISTORY_SLOT 3
        movzx %1, %3
        shl %2, 8 - CONTENT_BITS
        shr %1, 8 - CONTENT_BITS - 1
%endmacro

; HISTORY_INDEX reg32, low8, word -- HISTORY_SLOT's slot number, (to << CONTENT_BITS) |
; content, not doubled: the history word at [es:HISTORY_BASE + reg32 * 2], its mark the bit
; reg32 of order_marked
%macro HISTORY_INDEX 3
        movzx %1, %3
        shl %2, 8 - CONTENT_BITS
        shr %1, 8 - CONTENT_BITS
%endmacro

; ORDER_MARK -- mark the history slot of the move in EAX in order_marked and keep it on
; the stack for ORDER_UNMARK; CHG: ECX
%macro ORDER_MARK 0
        mov ecx, eax
        shr ecx, 8                  ; CX = its piece and to bytes
        HISTORY_INDEX ecx, cl, cx
        bts [es:ORDER_MARKS_BASE], ecx
        push ecx
%endmacro

; search_order -- give each move of a chain its order score (FS, beside the move):
;                 the hash move, captures by MVV/LVA, the ply's killers, quiet moves 0
;                 + their history.  The common quiet move is told from the three by one
;                 bit test: the history slots (piece and to square) of the hash move and
;                 the killers are marked in order_marked for the time of the loop, and
;                 only a move on a marked slot is compared with them
; IN:  ES:SI -> the first move, ES:DX -> past the last; [order_hash] = the hash move
;      (0: none); [ply] for the killers
; OUT: the scores at FS:SI .. FS:DX
; CHG: EAX, EBX, ECX, SI
search_order:
        cmp si, dx
        jae .done
        push edi
        movzx ebx, byte [ply]
        shl bx, KILLER_SHIFT
        mov eax, [order_hash]
        ORDER_MARK
        mov eax, [fs:KILLER_BASE + bx]
        ORDER_MARK
        mov eax, [fs:KILLER_BASE + bx + (1 << DWORD_SHIFT)]
        ORDER_MARK
.move:  cmp byte [es:si + move.captured], EMPTY
        jne .other
        test word [es:si], (PROMO_FLAG << 8) | KIND_CASTLE ; promotions, castling, en
        jnz .other                  ; passant
        HISTORY_INDEX ecx, cl, word [es:si + move.piece] ; the common quiet move
        bt [es:ORDER_MARKS_BASE], ecx
        jc .marked
.history:
        movzx ecx, word [es:HISTORY_BASE + ecx * 2] ; ORDER_QUIET + its history
.score: mov [fs:si], ecx
        add si, MOVE_SIZE
        cmp si, dx
        jb .move
  %rep 3
        pop ecx
        btr [es:ORDER_MARKS_BASE], ecx
  %endrep
        pop edi
.done:  ret
.other: mov eax, [es:si]
        mov ecx, ORDER_HASH
        cmp eax, [order_hash]
        je .score
        call search_capture_score
        test ecx, ecx
        jnz .score
        HISTORY_INDEX ecx, cl, word [es:si + move.piece] ; castling, an under-promotion
        jmp .marked_move
.marked:
        mov eax, [es:si]
.marked_move:
        mov edi, ecx                ; the slot of the hash move or a killer: which?
        mov ecx, ORDER_HASH
        cmp eax, [order_hash]
        je .score
        mov ecx, ORDER_KILLER_1
        cmp eax, [fs:KILLER_BASE + bx]
        je .score
        mov ecx, ORDER_KILLER_2
        cmp eax, [fs:KILLER_BASE + bx + (1 << DWORD_SHIFT)]
        je .score
        mov ecx, edi                ; none of them: its history
        jmp .history

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
        jmp .test
.move:  mov eax, [es:si]
        movzx ebx, byte [es:si + move.captured]
        cmp bl, EMPTY
        je .other
        test ah, PROMO_FLAG
        jnz .capture
        and bl, PIECE_MASK          ; a plain capture, the common move here: its
        movzx ecx, byte [order_rank + bx] ; score and gain without the calls
        shl ecx, ORDER_VICTIM_SHIFT
        add ecx, ORDER_CAPTURE
        movzx ebx, word [piece_cp + ebx * 2]
        cmp ebx, edx
        jle .next
        mov [fs:di], ecx            ; (a slot at or before SI: free to write)
        movzx ecx, ah
        and cl, PIECE_MASK
        cmp bx, [piece_cp + ecx * 2] ; it takes at least what it risks: safe
        movzx ecx, byte [order_rank + ecx]
        jae .safe                   ; (movzx keeps the flags)
        sub [fs:di], ecx
        movzx bx, byte [es:si + move.to] ; it risks more: search_capture_risky's test
        call attacked_by_enemy      ; without its call and its comparison again
        mov eax, [es:si]
        jc .next
        jmp .keep
.safe:  sub [fs:di], ecx
        jmp .keep
.other: test ah, PROMO_FLAG
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
        mov [fs:di], ecx
.risky: call search_capture_risky
        jc .next
.keep:  mov [es:di], eax
        add di, MOVE_SIZE
.next:  add si, MOVE_SIZE
.test:  cmp si, [bp + node.end]
        jb .move
        mov [bp + node.end], di
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
        MOVE_TO_LOW eax
        movzx bx, al                ; the to square
        call attacked_by_enemy
        jmp .done
.safe:  clc
.done:  pop si
        pop bx
        pop eax
        ret

; search_capture_gain -- what a capture or promotion wins, in centipawns (piece_cp: the
;                        piece taken, a pawn for en passant, and a new piece's value
;                        less the pawn's)
; IN:  EAX = a move record
; OUT: EBX = the gain (0 for a quiet move)
; CHG: nothing else
search_capture_gain:
        push ecx
        xor ecx, ecx
        MOVE_VICTIM .promotion
        add bx, bx                  ; a word a value
        movzx ecx, word [piece_cp + bx]
.promotion:
        MOVE_PROMOTED .done
        add bx, bx
        movzx ebx, word [piece_cp + bx]
        lea ecx, [ecx + ebx - PAWN_CP]
.done:  mov ebx, ecx
        pop ecx
        ret

; search_capture_score -- the MVV/LVA order score of a capture or queen promotion
; IN:  EAX = a move record
; OUT: ECX = ORDER_CAPTURE + (victim rank (+ queen rank if it promotes to a queen) <<
;      ORDER_VICTIM_SHIFT) - the mover's rank; 0 for any other move
; CHG: nothing else
search_capture_score:
        push ebx
        xor ecx, ecx
        MOVE_VICTIM .promotion
        mov cl, [order_rank + bx]
.promotion:
        MOVE_PROMOTED .gain
        cmp bl, QUEEN
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
%if SEARCH_PLY_LIMIT * MAX_MOVES * MOVE_SIZE >= KILLER_BASE
  %error "search_pick's sentinel past the deepest chain must stay below the killers"
%endif
search_pick:
        mov si, [bp + node.next]
        cmp si, [bp + node.end]
        jae .none
        test byte [bp + node.flags], NODE_QUIET
        jnz .take
        movzx eax, word [bp + node.end] ; a score above all past the last move ends
        mov dword [fs:eax], ORDER_SENTINEL ; the scan (the next ply's chain starts
        movzx ebx, si               ; there, and scores its own moves first)
        mov ecx, [fs:si]            ; EBX -> the best so far, ECX = its score
        movzx edx, si
.scan:  cmp [fs:edx + MOVE_SIZE], ecx ; four moves a turn of the loop
        jg .next
        cmp [fs:edx + 2 * MOVE_SIZE], ecx
        jg .second
        cmp [fs:edx + 3 * MOVE_SIZE], ecx
        jg .third
        add dx, 4 * MOVE_SIZE
        cmp [fs:edx], ecx
        jle .scan
        jmp .higher
.third: add dx, MOVE_SIZE
.second:
        add dx, MOVE_SIZE
.next:  add dx, MOVE_SIZE
.higher:
        cmp dx, ax
        jae .found
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
.take:  mov [bp + node.current], si ; (CF clear: every way here ends in a test, an
        lea ax, [si + MOVE_SIZE]    ; or, or the compare of BX with SI, BX at or past
        mov [bp + node.next], ax    ; SI)
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

; search_killer -- a quiet move that caused a cut becomes the ply's first killer, and
;                  its history count grows by the square of the plies to go
; IN:  EBX = the move; [ply]; BP -> the node frame: .depth
; OUT: the killers (FS:KILLER_BASE) updated (the old first becomes the second); history
; CHG: EAX, ECX
search_killer:
        mov eax, ebx
        mov ecx, ebx
        MOVE_CAPTURED_LOW ecx
        cmp cl, EMPTY
        jne .done                   ; captures are ordered anyway
        test ax, (PROMO_FLAG << 8) | KIND_CASTLE ; a promotion, castling, en passant:
        jz .quiet                   ; as search_order scores them
        call search_capture_score
        test ecx, ecx
        jnz .done
.quiet: push ebx
        shr ebx, 8                  ; BX = its piece and to bytes
        HISTORY_SLOT ebx, bl, bx
        movsx ecx, byte [bp + node.depth]
        imul ecx, ecx
        add cx, [es:HISTORY_BASE + bx]
        jc .cap
        cmp cx, HISTORY_CAP
        jbe .count
.cap:   mov cx, HISTORY_CAP
.count: mov [es:HISTORY_BASE + bx], cx
        movzx ecx, byte [ply]
        shl cx, KILLER_SHIFT
        mov bx, cx
        cmp eax, [fs:KILLER_BASE + bx]
        je .same
        mov ecx, [fs:KILLER_BASE + bx]
        mov [fs:KILLER_BASE + bx + (1 << DWORD_SHIFT)], ecx
        mov [fs:KILLER_BASE + bx], eax
.same:  pop ebx
.done:  ret
