; problems.asm -- the batch jobs of the problemists' three aims (asm/batch/PROTOCOL.md):
; `mate N [limits] FEN` (Liberman's WHITEJOUE5PAS asked directly), and, new, not in his
; texts, `helpmate N [limits] FEN` and `selfmate N [limits] FEN`, their lines shaped as
; `mate`'s.

        section .data

verb_mate       db "mate", 0
verb_helpmate   db "helpmate", 0
verb_selfmate   db "selfmate", 0
word_mate       db " mate ", 0
word_nomate     db " nomate ", 0
word_helpmate   db " helpmate ", 0
word_nohelpmate db " nohelpmate ", 0
word_selfmate   db " selfmate ", 0
word_noselfmate db " noselfmate ", 0
LINE_SEPARATOR  equ ','             ; between the moves of a helpmate's line

        section .text

; job_mate -- `mate N [limits] FEN`: `<n> mate <k> <uci> nodes ...` for a shortest
;             forced mate in k <= N moves, `<n> nomate <N> nodes ...`, or
;             `<n> stopped mate <N> nodes ... limit <why>` when a limit came first
; IN:  the position; [job_arg] = N
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_mate:
        mov di, engine_mate
        call job_engine
        mov si, word_mate
        jnc job_problem_key
        mov di, word_nomate
        jmp job_problem_none

; job_helpmate -- `helpmate N [limits] FEN`: `<n> helpmate <k> <lines> <uci>,<uci>,...
;                 nodes ...` for the shortest helpmate, k <= N moves, its number of
;                 lines (up to HELP_COUNT_CAP) and the first; `<n> nohelpmate <N> nodes
;                 ...`; or `<n> stopped helpmate <N> nodes ... limit <why>`
; IN:  the position; [job_arg] = N
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_helpmate:
        mov di, engine_helpmate
        call job_engine
        jnc .found
        mov si, word_helpmate
        mov di, word_nohelpmate
        jmp job_problem_none
.found: call job_line_start
        push si
        mov si, word_helpmate
        call out_string
        pop si
        push eax
        movzx eax, cl
        call out_u32
        call out_space
        pop eax
        call out_u32
        call out_space
        movzx cx, cl
        add cx, cx                  ; 2k moves
.move:  mov eax, [si]
        call engine_print_move
        add si, MOVE_SIZE
        dec cx
        jz .end
        mov al, LINE_SEPARATOR
        call out_char
        jmp .move
.end:   jmp job_nodes_end

; job_selfmate -- `selfmate N [limits] FEN`: `<n> selfmate <k> <uci> nodes ...` for the
;                 key of a shortest selfmate in k <= N moves; `<n> noselfmate <N> nodes
;                 ...`; or `<n> stopped selfmate <N> nodes ... limit <why>`
; IN:  the position; [job_arg] = N
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_selfmate:
        mov di, engine_selfmate
        call job_engine
        mov si, word_selfmate
        jnc job_problem_key
        mov di, word_noselfmate
        jmp job_problem_none

; job_problem_key -- the line of a mate or selfmate job that found its key:
;                    `<n> <verb> <k> <uci> nodes ...`
; IN:  SI -> the verb's word; CL = k; EAX = the key
; OUT: the line in the result buffer
; CHG: EAX, EDX, SI
job_problem_key:
        call job_line_start
        call out_string
        push eax
        movzx eax, cl
        call out_u32
        call out_space
        pop eax
        call engine_print_move
        jmp job_nodes_end

; job_problem_none -- the line of a mate, helpmate or selfmate job that found none:
;                     `<n> no<verb> <N> nodes ...`, or `stopped` when a limit came first
; IN:  SI -> the verb's word, DI -> its `no` word; [job_arg]; [clock_abort]
; OUT: the line in the result buffer
; CHG: EAX, EDX, SI
job_problem_none:
        cmp byte [clock_abort], LIMIT_NONE
        jne job_stopped
        call job_line_start
        mov si, di
        call out_string
        movzx eax, word [job_arg]
        call out_u32
        jmp job_nodes_end
