; jobs.asm -- the batch interface of asm/batch/PROTOCOL.md: read JOBS.TXT a line at a time,
; run each job, write its RESULT.TXT lines as soon as it ends, close with `end <n>`.
; A job is a verb from job_verbs, a number if the verb takes one, then a FEN.
; New: not in Liberman's texts.

; jobs.asm: a row of job_verbs (arg_max = JOB_NO_ARG: the job takes no number)
struc job_verb
        .name           resw 1
        .handler        resw 1
        .arg_min        resw 1
        .arg_max        resw 1
        .form           resw 1      ; JOB_FEN, JOB_LIMITS_FEN or JOB_TEXT
endstruc
JOB_NO_ARG      equ 0
JOB_FEN         equ 0               ; the number, then the FEN
JOB_LIMITS_FEN  equ 1               ; the number, limit words, then the FEN
JOB_TEXT        equ 2               ; the number if any, then the handler reads the rest
WAIT_MAX_TICKS  equ 30 * 60 * 18     ; the wait job: half an hour at most (18.2 ticks a second)

; jobs.asm: the largest `best` budget
BEST_MAX_MS     equ 0FFFFh          ; the budget in ms is a word

        section .bss

in_handle       resw 1
in_pos          resw 1              ; next byte of GS:game_area.in_buf to hand out
in_len          resw 1              ; bytes in it
in_ended        resb 1              ; nonzero: the end of the file was met
in_read         resd 1              ; bytes read from the jobs file so far
in_name         resw 1              ; -> the jobs file's name (job_wait opens it again)
line_buf        equ mode_line       ; the job line (the batch's use of mode_line)
line_long       resb 1              ; nonzero: the line read was longer than LINE_MAX
line_bad_column resw 1              ; column (from 1) of the line's first byte outside
                                    ; printable ASCII; 0: none
line_bad_byte   resb 1              ; that byte
job_number      resd 1              ; jobs read so far; the current job's number
job_arg         resw 1              ; the job's number argument
out_name        resw 1              ; -> the result file's name (job_commit opens it again)

        section .data

; job_verbs -- the jobs the batch knows: name, handler, the range of its number
; argument (arg_max = JOB_NO_ARG: none) and the form of the rest of the line.  A
; JOB_FEN or JOB_LIMITS_FEN handler is called with the position set up, [job_arg] and
; the limit words read; a JOB_TEXT handler with [job_arg] (if it takes a number) and
; SI -> the rest of the line.  To add a job, add a line here and write its handler.
job_verbs:
        dw verb_moves,  job_moves,  0, JOB_NO_ARG, JOB_FEN
        dw verb_eval,   job_eval,   0, JOB_NO_ARG, JOB_FEN
        dw verb_perft,  job_perft,  1, PERFT_MAX_DEPTH, JOB_LIMITS_FEN
        dw verb_divide, job_divide, 1, PERFT_MAX_DEPTH, JOB_LIMITS_FEN
        dw verb_mate,   job_problem, 1, MATE_MAX_MOVES, JOB_LIMITS_FEN
        dw verb_helpmate, job_problem, 1, STIP_MAX_MOVES, JOB_LIMITS_FEN
        dw verb_selfmate, job_problem, 1, STIP_MAX_MOVES, JOB_LIMITS_FEN
        dw verb_keys,   job_problem, 1, MATE_MAX_MOVES, JOB_LIMITS_FEN
        dw verb_solution, job_problem, 1, MATE_MAX_MOVES, JOB_LIMITS_FEN
        dw verb_helpsolution, job_problem, 1, STIP_MAX_MOVES, JOB_LIMITS_FEN
        dw verb_selfsolution, job_problem, 1, STIP_MAX_MOVES, JOB_LIMITS_FEN
        dw verb_exchange, job_exchange, 1, EXCHANGE_MAX_DEPTH, JOB_LIMITS_FEN
        dw verb_best,   job_best,   1, BEST_MAX_MS, JOB_LIMITS_FEN
        dw verb_position, job_position, 0, JOB_NO_ARG, JOB_TEXT
        dw verb_go,     job_go,     0, JOB_NO_ARG, JOB_TEXT
        dw verb_newgame, job_newgame, 0, JOB_NO_ARG, JOB_TEXT
        dw verb_hash,   job_hash,   0, XMS_MAX_MIB, JOB_TEXT
        dw verb_wait,   job_wait,   0, JOB_NO_ARG, JOB_TEXT
        dw verb_selfplay, job_selfplay, 1, MAX_GAME_PLIES, JOB_TEXT
        dw verb_watch,  job_watch,  0, JOB_NO_ARG, JOB_TEXT
        dw 0
verb_moves      db "moves", 0
verb_eval       db "eval", 0
verb_perft      db "perft", 0
verb_divide     db "divide", 0
verb_exchange   db "exchange", 0
verb_best       db "best", 0
verb_position   db "position", 0
verb_go         db "go", 0
verb_newgame    db "newgame", 0
verb_hash       db "hash", 0
verb_wait       db "wait", 0
verb_selfplay   db "selfplay", 0
verb_watch      db "watch", 0
%if BEST_MAX_MS * CYCLES_PER_MS > 0FFFFFFFFh
%error "the largest best budget must fit in 32 bits"
%endif

word_moves      db " moves ", 0
word_eval       db " eval ", 0
word_perft      db " perft ", 0
word_divide     db " divide ", 0
word_exchange   db " exchange ", 0
word_best       db " best ", 0
word_none       db "none", 0
word_score      db " score ", 0
word_nodes      db " nodes ", 0
word_error      db " error ", 0
word_ticks      db " ticks ", 0
word_tsc        db " tsc ", 0
word_end        db "end ", 0
word_wait       db " wait ok", 0
msg_no_jobs     db "CHESS: cannot open the jobs file ", 0
msg_no_result   db "CHESS: cannot create the result file ", 0
msg_same_file   db "CHESS: the jobs and the result must not be the same file ", 0
word_byte_error db " error byte character ", 0
word_at_column  db " at column ", 0
word_not_ascii  db " is not printable ASCII", 0

        section .text

        ERROR_ENTRY err_verb, "verb", "unknown job"
        ERROR_ENTRY err_arg, "arg", "a numeric argument missing or out of range"
        ERROR_ENTRY err_room, "room", "the move stack is full"
        ERROR_ENTRY err_line, "line", "a job line longer than 511 characters"
        ERROR_ENTRY err_no_words, "arg", "the job takes no words:"
%if LINE_MAX != 511
%error "err_line's message names LINE_MAX"
%endif

; jobs_run -- run every job of the jobs file into the result file, then exit
;             (exit code 0; 1 with a message on stdout if a file cannot be opened)
; IN:  DX -> the jobs file name, BX -> the result file name (0-terminated)
; OUT: does not return
jobs_run:
        mov [in_name], dx
        push bx
        mov ax, DOS_OPEN << 8 | OPEN_READ
        int DOS
        pop bx
        mov si, msg_no_jobs
        jc dos_fail
        mov [in_handle], ax
        call jobs_check_names
        mov si, msg_same_file
        jc dos_fail
        mov dx, bx
        mov [out_name], dx
        mov ah, DOS_CREATE
        mov cx, ATTR_NORMAL
        int DOS
        mov si, msg_no_result
        jc dos_fail
        mov [out_handle], ax
.job:   call jobs_read_line
        jc .end
        cmp word [line_bad_column], 0
        jne .bad_byte
        cmp byte [line_long], 0
        jne .long                   ; too long is an error, even if it is all blank
        mov si, line_buf
        call text_skip_space
        cmp byte [si], 0
        je .job                     ; a blank line is no job
        inc dword [job_number]
        call jobs_dispatch
        jmp .written
.long:  inc dword [job_number]
        mov si, err_line
        call job_error
        jmp .written
.bad_byte:
        inc dword [job_number]
        call job_byte_error
.written:
        call out_flush
        jmp .job
.end:   mov si, word_end
        call out_string
        mov eax, [job_number]
        call out_u32
        call out_crlf
        call out_flush
        mov bx, [out_handle]
        mov ah, DOS_CLOSE
        int DOS
        mov bx, [in_handle]
        mov ah, DOS_CLOSE
        int DOS
        mov al, EXIT_OK
        jmp dos_exit

; jobs_check_names -- are the jobs file and the result file one file?  Compared by
;                     their canonical names (INT 21h AH=60h), so that `jobs.txt` and
;                     `.\JOBS.TXT` are caught, before the result file is created
; IN:  DX -> the jobs file name, BX -> the result file name
; OUT: CF set if they name the same file
; CHG: AX, CX, SI, DI
jobs_check_names:
        push es
        push ds
        pop es
        mov si, dx
        mov di, line_buf            ; free until the first line is read
        mov ah, DOS_TRUENAME
        int DOS
        jc .differ
        mov si, bx
        mov di, line_buf + TRUENAME_BYTES
        mov ah, DOS_TRUENAME
        int DOS
        jc .differ
        mov si, line_buf
        mov di, line_buf + TRUENAME_BYTES
.char:  lodsb
        scasb
        jne .differ
        test al, al
        jnz .char
        pop es
        stc
        ret
.differ:
        pop es
        clc
        ret

; jobs_read_line -- the next line of the jobs file, without its line end (CR LF, LF or a
;                   lone CR); a line longer than LINE_MAX keeps its first LINE_MAX
;                   characters and is marked long (white space counts: the protocol says
;                   LINE_MAX at most); the first byte outside printable ASCII is noted, so that
;                   a NUL, a Ctrl-Z or any other byte is an error of its own line
; IN:  [in_handle]
; OUT: CF clear, line_buf = the line, 0-terminated, [line_long], [line_bad_column],
;      [line_bad_byte]; CF set at the end of the file
; CHG: AX, BX, CX
jobs_read_line:
        xor bx, bx                  ; characters kept
        xor cx, cx                  ; bytes read for this line (stops at 0FFFFh)
        mov byte [line_long], 0
        mov word [line_bad_column], 0
.byte:  call jobs_read_byte
        jc .ended
        inc cx
        jnz .counted
        dec cx
.counted:
        cmp al, LF
        je .done
        cmp al, CR
        je .cr
        call text_is_printable
        jnc .printable
        cmp word [line_bad_column], 0
        jne .printable              ; the first one is named
        mov [line_bad_column], cx
        mov [line_bad_byte], al
.printable:
        cmp bx, LINE_MAX
        jb .keep
        mov byte [line_long], 1
        jmp .byte
.keep:  mov [line_buf + bx], al
        inc bx
        jmp .byte
.cr:    call jobs_read_byte         ; CR LF is one line end
        jc .done
        cmp al, LF
        je .done
        dec word [in_pos]           ; a lone CR: the byte starts the next line
        jmp .done
.ended: jcxz .none
.done:  mov byte [line_buf + bx], 0
        clc
        ret
.none:  stc
        ret

; jobs_read_byte -- the next byte of the jobs file (a Ctrl-Z is a byte like any other)
; IN:  [in_handle]
; OUT: CF clear, AL = the byte; CF set at the end
; CHG: nothing else
jobs_read_byte:
        push bx
        mov bx, [in_pos]
        cmp bx, [in_len]
        jb .have
        cmp byte [in_ended], 0
        jne .end
        push cx
        push dx
        mov bx, [in_handle]
        mov cx, IN_BUF_BYTES
        mov dx, game_area.in_buf
        mov ah, DOS_READ
        push ds                     ; DOS reads into DS:DX: the game segment
        push gs
        pop ds
        int DOS
        pop ds
        pop dx
        pop cx
        jc .end                     ; a read error ends the jobs too
        test ax, ax
        jz .end
        mov [in_len], ax
        add word [in_read], ax
        adc word [in_read + 2], 0
        xor bx, bx
.have:  mov al, [gs:game_area.in_buf + bx]
        inc bx
        mov [in_pos], bx
        pop bx
        clc
        ret
.end:   mov byte [in_ended], 1
        mov bx, [in_len]
        mov [in_pos], bx
        pop bx
        stc
        ret

; job_no_words -- a job that takes no words: is the rest of its line blank?
; IN:  SI -> the text after the verb
; OUT: CF clear if so; else CF set and the error line written
; CHG: AL, BX, SI
job_no_words:
        call text_skip_space
        cmp byte [si], 0
        je .blank
        mov bx, si
        mov si, err_no_words
        call job_error_word
        stc
.blank: ret

; job_wait -- `wait`: more jobs are to come.  `<n> wait ok` is committed, then the jobs
;             file is read again once a BIOS tick (closed and opened: DOSBox shows what
;             the host added only then) until it holds more, at most WAIT_MAX_TICKS;
;             keys pressed meanwhile are dropped (they stopped a search that has
;             answered).  A host that keeps the program between its jobs ends each
;             batch with it: the UCI bridge, so that the hash table stays from one
;             move of a game to the next
; IN:  SI -> the text after the verb; [in_name], [in_read]
; OUT: the jobs file's new bytes ready to read, or its end if none came in time
; CHG: EAX, BX, CX, DX, SI, DI
job_wait:
        call job_no_words
        jc .done
        call job_line_start
        mov si, word_wait
        call out_string
        call out_crlf
        call job_commit
        xor di, di                  ; DI = the ticks waited
        call timer_ticks
.look:  push eax
        mov bx, [in_handle]
        mov ah, DOS_CLOSE
        int DOS
        mov dx, [in_name]
        mov ax, DOS_OPEN << 8 | OPEN_READ
        int DOS
        jc .tick                    ; (the host may be writing it: next tick)
        mov [in_handle], ax
        mov bx, ax
        mov ax, DOS_SEEK << 8 | SEEK_SET
        mov dx, [in_read]
        mov cx, [in_read + 2]
        int DOS
        mov byte [in_ended], 0
        call jobs_read_byte
        jc .tick
        dec word [in_pos]           ; the byte is the next line's first
        pop eax
.keys:  mov ah, KEY_PEEK
        int BIOS_KEYBOARD
        jz .done
        mov ah, KEY_READ
        int BIOS_KEYBOARD
        jmp .keys
.tick:  pop edx                     ; EDX = the tick seen last
.idle:  sti
        hlt                         ; until the next interrupt
        call timer_ticks
        cmp eax, edx
        je .idle
        inc di
        cmp di, WAIT_MAX_TICKS
        jb .look
.done:  ret

; jobs_dispatch -- run one job line and write its result lines
; IN:  SI -> the job (not blank), in line_buf; [job_number]
; OUT: the job's lines in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
jobs_dispatch:
        mov bp, job_verbs
.verb:  mov bx, [bp + job_verb.name]
        test bx, bx
        jz .unknown
        call text_match_word
        jnc .found
        add bp, job_verb_size
        jmp .verb
.unknown:
        mov si, err_verb
        jmp job_error
.found: cmp word [bp + job_verb.arg_max], JOB_NO_ARG
        je .form
        call text_skip_space
        call text_read_number
        jc .bad_arg
        movzx ebx, word [bp + job_verb.arg_min]
        cmp eax, ebx
        jb .bad_arg
        movzx ebx, word [bp + job_verb.arg_max]
        cmp eax, ebx
        ja .bad_arg
        mov [job_arg], ax
.form:  cmp word [bp + job_verb.form], JOB_TEXT
        je .text
        cmp word [bp + job_verb.form], JOB_LIMITS_FEN
        jne .fen
        call job_read_limits
        jc job_error
.fen:   push bp                     ; -> the verb
        call engine_set_fen
        pop bp
        jc job_error
        jmp [bp + job_verb.handler]
.text:  call text_skip_space
        jmp [bp + job_verb.handler]
.bad_arg:
        mov si, err_arg
        jmp job_error

; job_error -- write `<n> error <code> <message>`: job_error_text, which returns into
;              out_crlf for the line's end
; IN:  SI -> an error_entry
; OUT: the line in the result buffer
; CHG: SI
job_error:
        push word out_crlf
        ; fall through

; job_error_text -- `<n> error <code> <message>` without the line end
; IN:  SI -> an error_entry
; OUT: the words in the result buffer
; CHG: SI
job_error_text:
        call job_line_start
        push si
        mov si, word_error
        call out_string
        pop si
        push si
        mov si, [si + error_entry.code]
        call out_string
        call out_space
        pop si
        mov si, [si + error_entry.text]
        jmp out_string

; job_byte_error -- write `<n> error byte character <b> at column <c> is not printable
;                   ASCII` for the line's first such byte
; IN:  [line_bad_byte], [line_bad_column], [job_number]
; OUT: the line in the result buffer
; CHG: EAX, SI
job_byte_error:
        call job_line_start
        mov si, word_byte_error
        call out_string
        movzx eax, byte [line_bad_byte]
        call out_u32
        mov si, word_at_column
        call out_string
        movzx eax, word [line_bad_column]
        call out_u32
        mov si, word_not_ascii
        call out_string
        jmp out_crlf

; job_line_start -- write the job number that starts each result line
; IN:  [job_number]
; OUT: nothing
; CHG: nothing
job_line_start:
        push eax
        mov eax, [job_number]
        call out_u32
        pop eax
        ret

; job_moves -- `moves FEN`: `<n> moves <count> <uci> ...`
; IN:  the position
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_moves:
        call job_line_start
        mov si, word_moves
        call out_string
        movzx eax, word [engine_legal]
        call out_u32
        mov di, ax
        shl di, MOVE_SHIFT          ; past the last move
        xor si, si
        jmp .test
.move:  call out_space
        mov eax, [es:si]
        call engine_print_move
        add si, MOVE_SIZE
.test:  cmp si, di
        jb .move
        jmp out_crlf

; job_eval -- `eval FEN`: `<n> eval <cp>`, the static evaluation from the side to
;             move's view (no search: the terms alone, for tests and tuning)
; IN:  the position
; OUT: the line in the result buffer
; CHG: EAX, SI
job_eval:
        call engine_eval
        call job_line_start
        mov si, word_eval
        call out_string
        call out_s32
        jmp out_crlf

; job_perft -- `perft N [limits] FEN`: `<n> perft <N> <nodes> ticks <t> tsc <i>`, or
;              `<n> stopped perft <N> nodes <leaves so far> ... limit <why>`
; IN:  the position; [job_arg] = N; the limit words read
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_perft:
        and word [limits_given], PERFT_LIMITS ; depth and nodes: no use, no bound
        mov di, engine_perft
        call job_engine
        jmp job_perft_line

PERFT_LIMITS    equ ~(1 << LW_DEPTH | 1 << LW_NODES) & 0FFFFh ; the words perft keeps to

; job_divide -- `divide N [limits] FEN`: `<n> divide <uci> <nodes>` for each root move,
;               then the perft line; a limit reached: the root moves counted in full,
;               then the stopped line
; IN:  the position; [job_arg] = N; the limit words read
; OUT: the lines in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_divide:
        call timer_start
        and word [limits_given], PERFT_LIMITS
        call job_limits_apply
        call engine_divide_start    ; DI -> past the position's legal moves
        xor si, si
        jmp .test
.move:  push dword [engine_nodes + 4]
        push dword [engine_nodes]
        mov eax, [es:si]
        mov cl, [job_arg]
        push si
        call engine_divide_move
        pop si
        cmp byte [clock_abort], LIMIT_NONE
        jne .stopped                ; this move's count is short: no line for it
        call job_line_start
        push si
        mov si, word_divide
        call out_string
        pop si
        call engine_print_move
        call out_space
        pop ebx                     ; the count before this move
        pop ecx
        mov eax, [engine_nodes]
        mov edx, [engine_nodes + 4]
        sub eax, ebx
        sbb edx, ecx
        call out_u64
        call out_crlf
        add si, MOVE_SIZE
.test:  cmp si, di
        jb .move
.end:   call timer_stop
        jmp job_perft_line
.stopped:
        add sp, 8                   ; the count before this move
        jmp .end

; job_perft_line -- write the perft line that ends a perft or divide job (or the room
;                   error if the move stack ran out); the stopped line, the leaves so
;                   far as its nodes, when a limit came first
; IN:  [engine_nodes], [engine_full], [job_arg], [timer_ticks_spent], [timer_tsc_spent];
;      [clock_abort]
; OUT: the line in the result buffer
; CHG: EAX, EDX, SI
job_perft_line:
        cmp byte [engine_full], 0
        mov si, err_room
        jne job_error
        call job_line_start
        cmp byte [clock_abort], LIMIT_NONE
        je .done
        mov si, word_stopped
        call out_string
        mov si, word_perft
        call out_string
        movzx eax, word [job_arg]
        call out_u32
        mov si, word_nodes
        call out_string
        jmp .count
.done:  mov si, word_perft
        call out_string
        movzx eax, word [job_arg]
        call out_u32
        call out_space
.count: mov eax, [engine_nodes]
        mov edx, [engine_nodes + 4]
        call out_u64
        jmp job_timing_end

; job_timing_end -- end a result line with the job's time: ` ticks <t> tsc <i>` (or
;                   ` tsc none` on a processor without rdtsc), then ` limit <why>` if
;                   a limit stopped the thinking; the line is the job's last, and is
;                   committed to disk (job_commit), so that a host reading the file
;                   sees the answer as soon as the job ends
; IN:  [timer_ticks_spent], [timer_tsc_spent]
; OUT: the words and the line end in the result file
; CHG: EAX, EDX, SI
job_timing_end:
        mov si, word_ticks
        mov eax, [timer_ticks_spent]
.count: call out_string             ; (job_nodes_end's nodes first, then the ticks)
        call out_u32
        cmp si, word_ticks
        jne job_timing_end
        mov si, word_tsc
        call out_string
        cmp byte [cpu_tsc], 0
        je .none
        mov eax, [timer_tsc_spent]
        mov edx, [timer_tsc_spent + 4]
        call out_u64
        jmp .end
.none:  mov si, word_none
        call out_string
.end:   call job_limit_end
        call out_crlf
        push bx
        push cx
        call job_commit
        pop cx
        pop bx
        ret

; job_nodes_end -- end a result line with ` nodes <N> ticks <t> tsc <i>`: job_timing_end's
;                  count of the ticks writing the nodes first
; IN:  [clock_nodes], [timer_ticks_spent], [timer_tsc_spent]
; OUT: the words and the line end in the result buffer
; CHG: EAX, EDX, SI
job_nodes_end:
        mov si, word_nodes
        mov eax, [clock_nodes]
        jmp job_timing_end.count

; job_engine -- run the engine on a job's position within the job's limits, timed
; IN:  the position; [job_arg] = the job's number N; DI -> the engine routine, which
;      takes N in CL
; OUT: what the routine returns (flags, EAX, CL, EDX); [timer_ticks_spent],
;      [timer_tsc_spent]
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_engine:
        call timer_start
        call job_limits_apply
        mov cl, [job_arg]
        call di
        pushf
        push eax
        push edx
        call timer_stop
        pop edx
        pop eax
        popf
        ret

; job_exchange -- `exchange D [limits] FEN`: `<n> exchange <value> <uci|none> nodes
;                 ...`, or `<n> stopped exchange <D> nodes ... limit <why>`
; IN:  the position; [job_arg] = D
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_exchange:
        mov di, engine_exchange
        call job_engine
        pushf
        push eax
        push edx
        call timer_stop
        cmp byte [clock_abort], LIMIT_NONE
        je .done
        add sp, 10                  ; the flags, EAX and EDX
        mov si, word_exchange
        jmp job_stopped
.done:  call job_line_start
        mov si, word_exchange
        call out_string
        pop edx
        pop eax
        call out_s32
        call out_space
        popf
        mov eax, edx
        call job_print_move
        jmp job_nodes_end

; job_best -- `best MS [limits] FEN`: `<n> best <uci|none> score <cp> depth <d>
;             nodes ... [limit <why>]`, the search at the default mate level with
;             MS x CYCLES_PER_MS instructions (and the other limits given), afresh
;             (engine_forget)
; IN:  the position; [job_arg] = MS
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_best:
        call engine_forget          ; the answer depends on the job's position alone
        call timer_start
        call job_limits_apply
        movzx eax, word [job_arg]
        imul eax, eax, CYCLES_PER_MS
        mov [limit_budget], eax
        mov cl, MATE_LEVEL_DEFAULT
        call engine_think
        pushf
        push eax
        call timer_stop
        call job_line_start
        mov si, word_best
        call out_string
        pop eax
        popf
        call job_print_move
        mov si, word_score
        call out_string
        mov eax, [engine_score]
        call out_s32
        mov si, word_depth
        call out_string
        movzx eax, byte [engine_depth]
        call out_u32
        jmp job_nodes_end

; job_print_move -- add a move in UCI, or `none`
; IN:  CF set: no move; else EAX = the move record
; OUT: nothing
; CHG: SI
job_print_move:
        jnc .move
        mov si, word_none
        jmp out_string
.move:  jmp engine_print_move

; out_s32 -- add a signed 32-bit number in decimal
; IN:  EAX = the number
; OUT: nothing
; CHG: nothing
out_s32:
        test eax, eax
        jns out_u32
        push eax
        mov al, '-'
        call out_char
        pop eax
        push eax
        neg eax
        call out_u32
        pop eax
        ret
