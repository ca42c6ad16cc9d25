; evalverify.asm -- the checking build -DEVAL_VERIFY: at every evaluation the sums that
; eval_move and eval_takeback keep move by move are counted again from nothing
; (eval_compute), and a difference spoils the score, so that such a build's searches
; answer otherwise than the program's (test/eval-verify.test.ts compares them).

%ifdef EVAL_VERIFY

EVAL_VERIFY_SPOIL equ 1000 * PSQ_BOTH ; what a difference adds to eval_psq

        section .text

; eval_verify -- the kept sums against eval_compute's (ours)
; IN:  eval_state, pawn_rows, pawn_key as eval_move and eval_takeback keep them
; OUT: the same (eval_compute's, which must be equal), eval_psq spoiled by
;      EVAL_VERIFY_SPOIL if they differ; the rooks' files as kept (the quiescence search
;      keeps them stale on purpose)
; CHG: nothing
eval_verify:
        pushad
        mov eax, [eval_psq]
        mov ebx, [eval_rook]
        sub eax, ebx                ; EAX = eval_psq without the rooks' files
        mov cx, [eval_phase]
        mov edx, [pawn_key]
        mov si, [eval_pairs]        ; (and the byte after it, which stays)
        call eval_compute
        mov edi, [eval_psq]
        sub edi, [eval_rook]        ; EDI = eval_compute's, without them
        mov [eval_rook], ebx        ; the rooks' files as kept
        add ebx, edi
        mov [eval_psq], ebx
        cmp eax, edi
        jne .spoil
        cmp cx, [eval_phase]
        jne .spoil
        cmp edx, [pawn_key]
        jne .spoil
        cmp si, [eval_pairs]
        je .done
.spoil: add dword [eval_psq], EVAL_VERIFY_SPOIL
.done:  popad
        ret

%endif
