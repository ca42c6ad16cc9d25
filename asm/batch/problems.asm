; problems.asm -- the batch jobs of the problemists' three aims (asm/batch/PROTOCOL.md):
; `mate N [limits] FEN` (Liberman's WHITEJOUE5PAS asked directly), and, new, not in his
; texts, `helpmate N [limits] FEN` and `selfmate N [limits] FEN`, their lines shaped as
; `mate`'s.

        section .data

verb_helpmate   db "help"           ; runs on into verb_mate
verb_mate       db "mate", 0
verb_selfmate   db "selfmate", 0
verb_keys       db "keys", 0
verb_helpsolution db "help"         ; runs on into verb_solution
verb_solution   db "solution", 0
verb_selfsolution db "selfsolution", 0
word_mate       db " mate ", 0
word_nomate     db " nomate ", 0
word_helpmate   db " helpmate ", 0
word_nohelpmate db " nohelpmate ", 0
word_selfmate   db " selfmate ", 0
word_noselfmate db " noselfmate ", 0
word_keys       db " keys ", 0
word_solution   db " solution ", 0
word_selfsolution db " selfsolution ", 0
word_line       db " line ", 0
tree_roles      dw word_key, word_threat, word_move ; by the engine's line roles
word_key        db " key ", 0
word_threat     db " threat ", 0
word_move       db " move ", 0
LINE_SEPARATOR  equ ','             ; between the moves of a helpmate's line, the keys
KEY_LENGTH_MARK equ '/'             ; between a key and its length

; problem_jobs -- the jobs of the three aims as data, found by their verb: the engine
; call, the words of the line, and the routine that writes an answer after `<n> <verb>
; <k> ` (IN: EAX, CL and SI as the engine call left them, BX -> the job's row; CHG: EAX,
; ECX, EDX, SI), with what job_problem_spaced writes after a space.
;   `mate N [limits] FEN`: `<n> mate <k> <uci> nodes ...` for a shortest forced mate in
;     k <= N moves, or `<n> nomate <N> nodes ...`;
;   `selfmate N [limits] FEN`: `<n> selfmate <k> <uci> nodes ...`, the key of a
;     shortest selfmate, or `<n> noselfmate <N> nodes ...`;
;   `helpmate N [limits] FEN`: `<n> helpmate <k> <lines> <uci>,<uci>,... nodes ...`,
;     the shortest helpmate's number of lines (up to HELP_COUNT_CAP) and the first, or
;     `<n> nohelpmate <N> nodes ...`;
;   `solution N [limits] FEN`: a line `<n> line <ply> key|threat|move <uci> [<k>]` for
;     each move of the keys' trees in the order engine_tree walks them (a key with its
;     length), then `<n> solution <N> <keys> nodes ...`;
;   `helpsolution N [limits] FEN`: the helpmate's lines, every one of the shortest (up to
;     HELP_COUNT_CAP), as `<n> line <ply> key|move <uci> [<k>]` a move, then the
;     helpmate's own line;
;   `selfsolution N [limits] FEN`: every key of a selfmate in at most N moves and its
;     threat, `<n> line ...` lines as `solution`'s, then `<n> selfsolution <N> <keys>
;     nodes ...`;
;   `keys N [limits] FEN`: `<n> keys <N> <uci>/<k>,<uci>/<k>,... nodes ...`, every
;     first move that forces mate in N moves or fewer and the fewest each forces, in
;     generation order (`<n> keys <N> nodes ...` when there is none);
; each `<n> stopped <verb> <N> nodes ... limit <why>` when a limit came first.
struc problem_job
        .verb           resw 1      ; the verb of job_verbs
        .engine         resw 1      ; the engine call (job_engine's DI)
        .word           resw 1      ; ` mate ` ...
        .none           resw 1      ; ` nomate ` ...
        .answer         resw 1      ; writes an answer
        .hook           resw 1      ; engine_tree_hook's routine (0: none)
        .spaced         resw 1      ; job_problem_spaced's: the key or the count (0: none)
endstruc
problem_jobs:
        dw verb_mate, engine_mate, word_mate, word_nomate, job_problem_spaced, 0
        dw engine_print_move
        dw verb_selfmate, engine_selfmate, word_selfmate, word_noselfmate, job_problem_spaced
        dw 0, engine_print_move
        dw verb_helpmate, engine_helpmate, word_helpmate, word_nohelpmate, job_problem_line
        dw 0, 0
        dw verb_keys, engine_keys, word_keys, word_keys, job_problem_keys, 0, 0
        dw verb_solution, engine_tree, word_solution, word_solution, job_problem_spaced
        dw job_tree_line, out_u32
        dw verb_helpsolution, engine_helpmate, word_helpmate, word_nohelpmate, job_problem_line
        dw job_tree_line, 0
        dw verb_selfsolution, engine_selftree, word_selfsolution, word_selfsolution
        dw job_problem_spaced, job_tree_line, out_u32

        section .text

; job_problem -- a job of problem_jobs: run its engine call and write its line
; IN:  BP -> the job's row of job_verbs (its verb one of problem_jobs'); the position;
;      [job_arg] = N
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_problem:
        mov bx, problem_jobs - problem_job_size
        mov ax, [bp + job_verb.name]
.find:  add bx, problem_job_size
        cmp [bx + problem_job.verb], ax
        jne .find
        mov ax, [bx + problem_job.hook]
        mov [engine_tree_hook], ax
        push bx
        mov di, [bx + problem_job.engine]
        call job_engine
        pop bx
        jc .none
        push si
        mov si, [bx + problem_job.word]
        call job_line_start
        call out_string
        pop si
        push eax
        movzx eax, cl
        call out_u32
        pop eax
        call [bx + problem_job.answer]
        jmp job_nodes_end
.none:  mov si, [bx + problem_job.word]
        cmp byte [clock_abort], LIMIT_NONE
        jne job_stopped
        call job_line_start
        mov si, [bx + problem_job.none]
        call out_string
        movzx eax, word [job_arg]
        call out_u32
        jmp job_nodes_end

; job_problem_spaced -- the answer of a mate or selfmate, its key, or of a solution,
;                       its number of keys: a space, then the job's .spaced routine
; IN:  EAX = the key or the keys; BX -> the job's row of problem_jobs
; OUT: ` <uci>` or ` <keys>` in the result buffer
; CHG: nothing
job_problem_spaced:
        call out_space
        jmp [bx + problem_job.spaced]

; job_problem_keys -- the answer of a keys job: every key and its length
; IN:  EAX = the keys (engine_key_at reads them)
; OUT: ` <uci>/<k>,<uci>/<k>,...` in the result buffer (nothing when there is none)
; CHG: EAX, ECX, EDX
job_problem_keys:
        test eax, eax
        jz .end
        call out_space
        push bx
        push si
        mov si, ax                  ; the keys
        xor bx, bx
.key:   call engine_key_at
        call engine_print_move
        mov al, KEY_LENGTH_MARK
        call out_char
        movzx eax, cl
        call out_u32
        inc bx
        cmp bx, si
        jae .done
        mov al, LINE_SEPARATOR
        call out_char
        jmp .key
.done:  pop si
        pop bx
.end:   ret

; job_tree_line -- engine_tree's hook: `<n> line <ply> <role> <uci> [<k>]`, a key with
;                  its length
; IN:  EAX = the move, DL = its ply, DH = its role (an index of tree_roles), CL = a
;      key's length
; OUT: the line in the result buffer
; CHG: EAX, EBX, ECX, EDX, SI
job_tree_line:
        call job_line_start
        mov si, word_line
        call out_string
        push eax
        movzx eax, dl
        call out_u32
        movzx bx, dh
        add bx, bx
        mov si, [tree_roles + bx]
        call out_string
        pop eax
        call engine_print_move
        test dh, dh
        jnz .end                    ; the key's role is the first
        call out_space
        movzx eax, cl
        call out_u32
.end:   jmp out_crlf

; job_problem_line -- the answer of a helpmate: its number of lines and the first
; IN:  EAX = the lines; CL = k; SI -> the first line, 2k moves
; OUT: ` <lines> <uci>,<uci>,...` in the result buffer
; CHG: EAX, ECX, EDX, SI
job_problem_line:
        call out_space
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
.end:   ret
