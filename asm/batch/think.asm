; think.asm -- the batch's thinking jobs (asm/batch/PROTOCOL.md): the limit words that `go`,
; `best`, `mate` and `exchange` accept, the `position` job (a position and its history,
; kept for the jobs that follow), the `go` job (think on it within the limits, an
; info line an iteration committed to disk at once, any key stops it) and `newgame`
; (the next `go` afresh).  Not Liberman's:
; these are UCI's `position` and `go`, for the UCI bridge.

; think.asm: a row of limit_words, and the index of each word
struc limit_word
        .name           resw 1
        .min            resd 1
        .max            resd 1      ; 0: the word takes no number
endstruc
LW_MOVETIME     equ 0
LW_DEPTH        equ 1
LW_NODES        equ 2
LW_BUDGET       equ 3
LW_WTIME        equ 4               ; LW_BTIME, LW_WINC, LW_BINC follow in this order
LW_BTIME        equ 5
LW_WINC         equ 6
LW_BINC         equ 7
LW_MOVESTOGO    equ 8
LW_INFINITE     equ 9
LW_MATE         equ 10
LW_MATELOGIC    equ 11              ; (go) the mate logic's moves before the search
LW_CONTEMPT     equ 12              ; what a draw is worth less than 0 to the side thinking
LW_BOOK         equ 13              ; (go) a book move first, chosen by the seed given
LIMIT_WORDS     equ 14
BOOK_SEED_MAX   equ 0FFFFh
CONTEMPT_MAX    equ 1000            ; centipawns
BUDGET_MAX_MS   equ 1431655         ; x CYCLES_PER_MS fits in 32 bits
%ifdef SHORT_DEFAULT_MS                ; a test build's default (-DSHORT_DEFAULT_MS=N)
JOB_DEFAULT_MS  equ SHORT_DEFAULT_MS
%else
JOB_DEFAULT_MS  equ 600000          ; a job without limits: ten minutes at 3000 cycles
%endif
MOVESTOGO_MAX   equ 1000

        section .bss

limits_given    resw 1              ; bit i: the i-th word of limit_words was given
limit_values    resd LIMIT_WORDS    ; the number given with each
position_line   equ mode_work       ; the last good position job's text (0: none yet):
                                    ; the batch's use of mode_work

        section .data

; limit_words -- the limit words, in the order of LW_*: the word, the smallest and the
; largest number it takes (largest 0: a word without a number).
limit_words:
        dw word_lw_movetime
        dd 1, CLOCK_MS_MAX
        dw word_lw_depth
        dd 1, SEARCH_MAX_DEPTH
        dw word_lw_nodes
        dd 1, 0FFFFFFFFh
        dw word_lw_budget
        dd 1, BUDGET_MAX_MS
        dw word_lw_wtime
        dd 0, 0FFFFFFFFh
        dw word_lw_btime
        dd 0, 0FFFFFFFFh
        dw word_lw_winc
        dd 0, CLOCK_MS_MAX
        dw word_lw_binc
        dd 0, CLOCK_MS_MAX
        dw word_lw_movestogo
        dd 1, MOVESTOGO_MAX
        dw word_lw_infinite
        dd 0, 0
        dw word_lw_mate
        dd 1, MATE_MAX_MOVES
        dw word_lw_matelogic
        dd 0, MATE_MAX_MOVES
        dw word_lw_contempt
        dd 0, CONTEMPT_MAX
        dw word_lw_book
        dd 0, BOOK_SEED_MAX
limit_words_end:
%if (limit_words_end - limit_words) / limit_word_size != LIMIT_WORDS
%error "one row of limit_words for each LW_ constant"
%endif
%if BUDGET_MAX_MS * CYCLES_PER_MS > 0FFFFFFFFh || JOB_DEFAULT_MS > BUDGET_MAX_MS
%error "a budget must fit in 32 bits of instructions"
%endif
word_lw_movetime db "move"         ; runs on into word_lw_time
word_lw_time    db "time", 0
word_lw_depth   db "depth", 0
word_lw_nodes   db "nodes", 0
word_lw_budget  db "budget", 0
word_lw_wtime   db "wtime", 0
word_lw_btime   db "btime", 0
word_lw_winc    db "winc", 0
word_lw_binc    db "binc", 0
word_lw_movestogo db "movestogo", 0
word_lw_infinite db "infinite", 0
word_lw_mate    db "mate", 0
word_lw_matelogic db "matelogic", 0
word_lw_contempt db "contempt", 0

; limit_reasons -- the word of each LIMIT_* (LIMIT_TIME first) on a result line
limit_reasons:  dw word_lw_time, word_lw_budget, word_lw_nodes, word_lw_key
word_lw_key     db "key", 0

word_startpos   db "startpos", 0
word_position   db " position ok", 0
word_newgame    db " newgame ok", 0
word_hash       db " hash ", 0
word_hash_kib   db " KiB ", 0
; hash_conventional -- why the table is in conventional memory, by engine_hash_size's
; DL (XMS_NOT_ASKED, XMS_V86, XMS_NO_DRIVER, XMS_NO_MEMORY)
hash_conventional: dw word_hash_asked, word_hash_v86, word_hash_driver, word_hash_memory
word_hash_xms   db "extended", 0
word_hash_asked db "conventional", 0
word_hash_v86   db "conventional v86", 0
word_hash_driver db "conventional no-xms", 0
word_hash_memory db "conventional no-memory", 0
word_info       db " info"          ; runs on into word_depth
word_depth      db " depth ", 0
word_bestmove   db " bestmove ", 0
word_stopped    db " stopped", 0
word_limit      db " limit ", 0
word_score_cp   db " score cp ", 0
word_score_mate db " score mate ", 0
word_time       db " time ", 0
word_pv         db " pv ", 0
word_book       db " "              ; runs on into word_lw_book
word_lw_book    db "book", 0
no_text         db 0                ; the FEN of `position fen moves ...`: none
word_watch      db " watch ok", 0

        section .text

        ERROR_ENTRY err_no_position, "position", "no position: a position job must come first"
        ERROR_ENTRY err_move, "move", "not a legal move in the position:"
        ERROR_ENTRY err_word, "arg", "a word that is no limit, or a limit's number missing or out of range:"

; job_read_limits -- read limit words (`movetime 500 depth 6 ...`) as far as they go
; IN:  SI -> text
; OUT: CF clear: SI -> the first word that is no limit word (or the end);
;      [limits_given], limit_values; CF set: a limit word without its number in range,
;      SI -> err_arg
; CHG: EAX, EBX, CX, DX
job_read_limits:
        mov word [limits_given], 0
.word:  call text_skip_space
        mov dx, limit_words
        xor cx, cx                  ; CX = the word's LW_ index
.try:   mov bx, dx
        mov bx, [bx + limit_word.name]
        call text_match_word
        jnc .found
        add dx, limit_word_size
        inc cx
        cmp cx, LIMIT_WORDS
        jb .try
        clc
        ret
.found: bts [limits_given], cx
        mov bx, dx
        cmp dword [bx + limit_word.max], 0
        je .word
        call text_skip_space
        call text_read_number
        jc .bad
        cmp eax, [bx + limit_word.min]
        jb .bad
        cmp eax, [bx + limit_word.max]
        ja .bad
        mov bx, cx
        shl bx, DWORD_SHIFT
        mov [limit_values + bx], eax
        jmp .word
.bad:   mov si, err_arg
        stc
        ret

; job_limit -- was a limit word given, and with what number?
; IN:  BX = its LW_ index
; OUT: CF set if it was, EAX = its number
; CHG: nothing else
job_limit:
        push bx
        shl bx, DWORD_SHIFT
        mov eax, [limit_values + bx]
        pop bx
        bt [limits_given], bx
        ret

; job_limits_apply -- the clock's limits from the words read: a budget (x CYCLES_PER_MS
;                     instructions), movetime, depth, nodes, or the clock mode (the side
;                     to move's time, increment and moves to go) when no movetime is
;                     given; when none of these bounds the job (no limit word, or only
;                     words that set no limit: winc, binc and movestogo without the side
;                     to move's time, mate, matelogic, contempt, book) and there is no
;                     `infinite`: JOB_DEFAULT_MS of budget, so that no job is unbounded;
;                     the contempt (0 if not given).
;                     Any key stops the thinking.
; IN:  [limits_given], limit_values; [engine_side]
; OUT: the limit_* of clock.asm; [engine_contempt]
; CHG: EAX, EBX, ECX, EDX
job_limits_apply:
        call clock_limits_none
        mov byte [limit_keys], KEYS_STOP
        mov bx, LW_CONTEMPT
        call job_limit
        jc .contempt
        xor eax, eax
.contempt:
        mov [engine_contempt], eax
        mov bx, LW_BUDGET
        call job_limit
        jnc .depth
        imul eax, eax, CYCLES_PER_MS
        mov [limit_budget], eax
.depth: mov bx, LW_DEPTH
        call job_limit
        jnc .nodes
        mov [limit_depth], al
.nodes: mov bx, LW_NODES
        call job_limit
        jnc .movetime
        mov [limit_nodes], eax
.movetime:
        mov bx, LW_MOVETIME
        call job_limit
        jnc .clock
        mov [limit_time], eax
        ret
.clock: mov bx, LW_WTIME            ; the side to move's time: LW_BTIME for black
        cmp byte [engine_side], WHITE
        je .time
        inc bx
.time:  call job_limit
        jnc .bounded
        push eax
        add bx, LW_WINC - LW_WTIME
        call job_limit
        jc .inc
        xor eax, eax
.inc:   push eax
        mov bx, LW_MOVESTOGO
        call job_limit
        jc .togo
        xor eax, eax
.togo:  mov ecx, eax
        pop ebx
        pop eax
        jmp clock_allot
.bounded:                           ; no movetime, no clock: is anything a bound?
        bt word [limits_given], LW_INFINITE
        jc .done
        movzx eax, byte [limit_depth]
        or eax, [limit_budget]
        or eax, [limit_nodes]
        jnz .done
        mov dword [limit_budget], JOB_DEFAULT_MS * CYCLES_PER_MS
.done:  ret

; job_limit_end -- end a result line with ` limit <why>` if a limit stopped the thinking
; IN:  [clock_abort]
; OUT: the words in the result buffer
; CHG: SI
job_limit_end:
        push bx
        movzx bx, byte [clock_abort]
        test bx, bx
        jz .none
        mov si, word_limit
        call out_string
        add bx, bx                  ; a word a reason, LIMIT_TIME first
        mov si, [limit_reasons + bx - LIMIT_TIME * 2]
        call out_string
.none:  pop bx
        ret

; job_stopped -- the line of a mate or exchange job a limit stopped:
;                `<n> stopped <verb> <N> nodes ... limit <why>`
; IN:  SI -> the verb's word (` mate `, ` exchange `); [job_arg]; [clock_abort]
; OUT: the line in the result buffer
; CHG: EAX, EDX, SI
job_stopped:
        call job_line_start
        push si
        mov si, word_stopped
        call out_string
        pop si
        call out_string
        movzx eax, word [job_arg]
        call out_u32
        jmp job_nodes_end

; job_position -- `position startpos|FEN [moves m1 m2 ...]`: the position for the jobs
;                 that follow, with its history (repetitions, the 50-move rule)
; IN:  SI -> the text after the verb
; OUT: `<n> position ok` and the text kept in position_line; or an error line naming
;      the problem (the position kept before stays)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_position:
        push si
        call job_position_set
        pop di
        jc job_error_at
        mov si, di
        mov di, position_line
        call text_append
        call job_line_start
        mov si, word_position
        call out_string
        jmp out_crlf

; job_newgame -- `newgame`: the searches of the `go` jobs that follow start afresh, as
;                at a new game (UCI's ucinewgame; engine_forget); `<n> newgame ok`
; IN:  SI -> the text after the verb (nothing but spaces)
; OUT: the line in the result buffer
; CHG: AL, BX, SI
job_newgame:
        call job_no_words
        jc .done
        call engine_forget
        call job_line_start
        mov si, word_newgame
        call out_string
        call out_crlf
.done:  ret

; job_hash -- `hash N`: the hash table in N MiB of extended memory (0: in conventional
;             memory), emptied: `<n> hash <KiB> KiB extended`, or `<n> hash <KiB> KiB
;             conventional [v86|no-xms|no-memory]` where extended memory cannot be had
; IN:  [job_arg] = N; SI -> the text after it
; OUT: the line in the result buffer
; CHG: EAX, BX, CL, EDX, SI
job_hash:
        call job_no_words
        jc .done
        mov ax, [job_arg]
        call engine_hash_size
        mov bx, word_hash_xms
        jnc .line
        movzx bx, dl
        shl bx, 1
        mov bx, [hash_conventional + bx]
.line:  call job_line_start
        mov si, word_hash
        call out_string
        movzx eax, ax
        call out_u32
        mov si, word_hash_kib
        call out_string
        mov si, bx
        call out_string
        call out_crlf
.done:  ret

; job_error_at -- the error line of a job, naming the word at fault if there is one
; IN:  SI -> an error_entry; BX -> the word, or 0
; OUT: the line in the result buffer
; CHG: AL, SI
job_error_at:
        test bx, bx
        jnz job_error_word
        jmp job_error

; job_position_set -- set up a position job's position and play its moves, through
;                     the engine (engine_set_fen, engine_play)
; IN:  SI -> `startpos|FEN [moves m1 ...]`, 0-terminated (left as it was)
; OUT: CF clear: the position, its history and the engine's status block; CF set:
;      SI -> the error_entry, BX -> the word at fault (0: the FEN is bad)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_position_set:
        call text_skip_space
        mov bx, word_startpos
        call text_match_word
        jc .fen
        push si
        mov si, start_fen_text
        call engine_set_fen         ; the start position: no error
        pop si
        jmp .moves
.fen:   mov di, si                  ; the FEN runs up to the word `moves`
.word:  call job_next_word
        jc .whole                   ; DI -> the 0 at the end
        push si
        mov si, di
        mov bx, verb_moves
        call text_match_word
        pop si
        jnc .cut
.word_end:
        mov al, [di]
        call text_end_of_word
        je .word
        inc di
        jmp .word_end
.cut:   mov bx, 0
        cmp di, si
        je .no_fen
        mov byte [di - 1], 0        ; DI -> `moves`, after white space: end the FEN there
        push di
        call engine_set_fen
        pop di                      ; SI -> the error_entry if the FEN is bad
        mov byte [di - 1], SPACE    ; and mend the text
        jmp .parsed
.whole: push di
        call engine_set_fen
        pop di
.parsed:
        mov bx, 0
        jc .fail
        mov si, di
.moves: call text_skip_space
        cmp byte [si], 0
        je .done
        mov bx, si
        push bx
        mov bx, verb_moves
        call text_match_word
        pop bx
        jc .junk
.move:  call text_skip_space
        cmp byte [si], 0
        je .done
        push si
        call job_read_move
        jc .illegal
        push si
        call engine_play
        pop si
        pop bx
        jc .refused
        jmp .move
.done:  clc
        ret
.junk:  mov si, err_word
        stc
        ret
.illegal:
        pop bx
.refused:
        mov si, err_move
.fail:  stc
        ret
.no_fen:
        mov si, no_text             ; no FEN at all: engine_set_fen names the error
        jmp .whole

; job_next_word -- the start of the next word at or after DI
; IN:  DI -> text
; OUT: CF clear: DI -> the word's first character; CF set: none, DI -> the 0 at the end
; CHG: AL
job_next_word:
        mov al, [di]
        test al, al
        jz .end
        call text_is_space
        jne .found
        inc di
        jmp job_next_word
.found: clc
        ret
.end:   stc
        ret

; job_read_move -- a move in UCI (`e2e4`, `e7e8q`) among the legal moves
; IN:  SI -> the word; ES:0 = the legal moves, [engine_legal] (as the engine leaves them)
; OUT: CF clear: EAX = the move record, SI past the word; CF set: not a legal move
; CHG: CX, DX
job_read_move:
        call text_read_square
        jc .bad
        mov dl, al
        call text_read_square
        jc .bad
        mov dh, al
        mov cl, PROMO_ANY
        mov al, [si]
        call text_end_of_word
        je .find
        mov cl, QUEEN
        cmp al, 'q'
        je .promo
        mov cl, ROOK
        cmp al, 'r'
        je .promo
        mov cl, BISHOP
        cmp al, 'b'
        je .promo
        mov cl, KNIGHT
        cmp al, 'n'
        jne .bad
.promo: inc si
        mov al, [si]
        call text_end_of_word
        jne .bad
.find:  call engine_find_move
        jc .bad
        cmp cl, PROMO_ANY
        jne .ok
        test ah, PROMO_FLAG         ; a promotion must name its piece
        jnz .bad
.ok:    clc
        ret
.bad:   stc
        ret

; job_error_word -- `<n> error <code> <message> <word>`: an error about a word of the job
; IN:  SI -> an error_entry; BX -> the word (ended by white space or 0)
; OUT: the line in the result buffer
; CHG: AL, SI
job_error_word:
        call job_error_text
        call out_space
        mov si, bx
.char:  mov al, [si]
        call text_end_of_word
        je .end
        call out_char
        inc si
        jmp .char
.end:   jmp out_crlf

; job_go -- `go [limits]`: think on the position job's position within the limits;
;           `<n> info ...` after each iteration, then `<n> bestmove ...` (with `mate N`:
;           the mate logic alone, for a mate in N; `matelogic N`: its moves before the
;           search, MATE_LEVEL_DEFAULT when not given; `book S`: a move of the opening
;           book chosen by the seed S, `<n> bestmove <uci> book ...`, when it has one)
; IN:  SI -> the limit words
; OUT: the lines in the result buffer (the info lines already on disk)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_go:
        call job_think_start
        jc job_error_at
        call job_limits_apply
        mov bx, LW_BOOK
        call job_limit
        jnc .think
        call engine_book
        jnc job_book_end
.think: mov bx, LW_MATE
        call job_limit
        jc .mate
        mov word [engine_report], job_info
        call job_mate_level
        call engine_think
        mov word [engine_report], 0
        jmp job_go_end
.mate:  mov cl, al
        call engine_mate            ; no mate: score and depth 0
        jmp job_go_end

; job_think_start -- begin a thinking job (go, selfplay) on the position job's position
; IN:  SI -> the limit words, the rest of the job's line
; OUT: CF clear: [limits_given], limit_values; the position and history of the last
;      good position job set again; the job's timer started; CF set: SI -> the
;      error_entry, BX -> the word at fault (0: none)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_think_start:
        call job_read_limits
        mov bx, 0
        jc .bad
        cmp byte [si], 0
        mov bx, si
        mov si, err_word
        jne .bad
        mov bx, 0
        mov si, err_no_position
        cmp byte [position_line], 0
        je .bad
        mov si, position_line
        call job_position_set
        call timer_start
        clc
        ret
.bad:   stc
        ret

; job_mate_level -- the moves of the mate logic before the search: `matelogic N`, or
;                   MATE_LEVEL_DEFAULT (as the game plays)
; IN:  [limits_given], limit_values
; OUT: CL = the moves
; CHG: EAX
job_mate_level:
        push bx
        mov cl, MATE_LEVEL_DEFAULT
        mov bx, LW_MATELOGIC
        call job_limit
        jnc .done
        mov cl, al
.done:  pop bx
        ret

; job_go_end -- the go job's last line: `<n> bestmove <uci|none> score ... depth <d>
;               nodes <N> time <ms> ticks <t> tsc <i> [limit <why>]`
; IN:  CF clear: EAX = the move; CF set: none; [engine_score], [engine_depth]
; OUT: the line in the result buffer
; CHG: EAX, EDX, SI
job_go_end:
        call job_bestmove
        call job_search_words
        call job_time
        jmp job_timing_end

; job_book_end -- the go job's last line for a book move: `<n> bestmove <uci> book
;                 ticks <t> tsc <i>`
; IN:  EAX = the move
; OUT: the line in the result buffer
; CHG: EAX, EDX, SI
job_book_end:
        clc
        call job_bestmove
        mov si, word_book
        call out_string
        jmp job_timing_end

; job_bestmove -- the go job's time taken, and its last line begun: `<n> bestmove
;                 <uci|none>`
; IN:  CF clear: EAX = the move; CF set: none
; OUT: the words in the result buffer; [timer_ticks_spent], [timer_tsc_spent]
; CHG: EAX, EDX, SI
job_bestmove:
        pushf
        push eax
        call timer_stop
        call job_line_start
        mov si, word_bestmove
        call out_string
        pop eax
        popf
        jmp job_print_move

; job_search_words -- add ` score cp <x>|mate <m> depth <d> nodes <N>`, what the search
;                     found and what it cost
; IN:  [engine_score], [engine_depth], [clock_nodes]
; OUT: the words in the result buffer
; CHG: EAX, EDX, SI
job_search_words:
        call job_score
        mov si, word_depth
        call out_string
        movzx eax, byte [engine_depth]
        call out_u32
        mov si, word_nodes
        call out_string
        mov eax, [clock_nodes]
        jmp out_u32

; job_info -- the info line of an iteration, written and committed to disk at once
;             (engine_report: called by the search after each iteration); its pv is the
;             principal line as engine_line walks it (the search's move, then the hash
;             table's), up to ENGINE_LINE_MAX moves
; IN:  [engine_depth], [engine_score], [clock_nodes]; the root position
; OUT: `<n> info depth <d> score cp <x>|mate <m> nodes <N> time <ms> pv <uci> ...` on disk
;      (job_commit)
; CHG: nothing
job_info:
        pushad
        call job_line_start
        mov si, word_info
        call out_string
        movzx eax, byte [engine_depth]
        call out_u32
        call job_score
        mov si, word_nodes
        call out_string
        mov eax, [clock_nodes]
        call out_u32
        call job_time
        mov si, word_pv
        call out_string
        mov word [engine_line_hook], job_pv_move
        call engine_line
        mov word [engine_line_hook], 0
        call out_crlf
        call job_commit
        popad
        ret

; job_pv_move -- engine_line_hook: a move of the principal line, added to the info line
; IN:  EAX = the move; DX = its place in the line (0 first)
; OUT: the move in UCI on the result, after a space but for the first; CF clear: the
;      next move is wanted too
; CHG: nothing
job_pv_move:
        test dx, dx
        jz .print
        call out_space
.print: call engine_print_move
        clc
        ret

; job_commit -- write the result buffer and commit the file, so that a program reading
;               it sees every line so far: the file is closed and opened again (DOSBox
;               keeps what was written in its own buffers until the file is closed,
;               whatever INT 21h AH=68h, the commit call of DOS 3.3, asks)
; IN:  [out_handle], [out_name]
; OUT: [out_handle] the file opened again, at its end (if it cannot be, the writes
;      after fail silently, and the missing `end` line tells the reader)
; CHG: AX, BX, CX, DX
job_commit:
        call out_flush
        mov bx, [out_handle]
        mov ah, DOS_CLOSE
        int DOS
        mov dx, [out_name]
        mov ax, DOS_OPEN << 8 | OPEN_WRITE
        int DOS
        mov [out_handle], ax
        mov bx, ax
        mov ax, DOS_SEEK << 8 | SEEK_END
        xor cx, cx
        xor dx, dx
        int DOS
        ret

; job_time -- add ` time <ms>`, the real time since the thinking began
; IN:  clock_begin called
; OUT: the words in the result buffer
; CHG: EAX, EDX, SI
job_time:
        mov si, word_time
        call out_string
        call clock_elapsed
        jmp out_u32

; job_score -- add ` score cp <x>` or ` score mate <m>` (m < 0: the side is mated)
; IN:  [engine_score]
; OUT: the words in the result buffer
; CHG: EAX, EDX, SI
job_score:
        mov eax, [engine_score]
        cdq
        xor eax, edx
        sub eax, edx                ; |score|
        cmp eax, SCORE_MATE_BOUND
        jg .mate
        mov si, word_score_cp
        call out_string
        mov eax, [engine_score]
        jmp out_s32
.mate:  neg eax
        add eax, SCORE_MATE         ; plies to the mate
        inc eax
        shr eax, 1                  ; moves
        xor eax, edx
        sub eax, edx                ; negative when mated
        mov si, word_score_mate
        call out_string
        jmp out_s32

; job_watch -- `watch FILE`: the thinking jobs that follow also stop (as at a key) when
;              the first byte of FILE is STOP_NOW (clock_check), and start no new
;              iteration when it is STOP_DEEPEN_NOT (clock_deepen), for a host that
;              cannot press keys; `<n> watch ok`
; IN:  SI -> the text after the verb: one word, the file's name (STOP_NAME_MAX at most)
; OUT: [stop_name] and the line in the result buffer; a word missing, too long, with a
;      path in it (`\`, `/`, `:`) or followed by another: the `arg` error naming what
;      the job needs, the file watched before kept
; CHG: AL, BX, CX, SI, DI
job_watch:
        call text_skip_space
        mov bx, si
        mov di, stop_name
        xor cx, cx
.char:  mov al, [si]
        call text_end_of_word
        je .ended
        cmp al, '\'
        je .bad
        cmp al, '/'
        je .bad
        cmp al, ':'
        je .bad
        inc si
        inc cx
        cmp cx, STOP_NAME_MAX
        jbe .char
        jmp .bad
.ended: jcxz .bad
        push si
        call text_skip_space
        cmp byte [si], 0
        pop si
        jne .bad
.copy:  mov al, [bx]                ; (ES is the move stack's: no movsb)
        mov [di], al
        inc bx
        inc di
        loop .copy
        mov byte [di], 0
        call job_line_start
        mov si, word_watch
        call out_string
        jmp out_crlf
.bad:   mov si, err_watch
        jmp job_error

        ERROR_ENTRY err_watch, "arg", "watch needs one file name of 12 characters at most, in the jobs' folder"
