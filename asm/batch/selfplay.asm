; selfplay.asm -- the selfplay job (asm/batch/PROTOCOL.md): the engine plays both sides from
; the position job's position, each move as `go` with the job's limits would choose it,
; until the game ends by its rules (the engine's status block) or after N plies.  One
; boot plays a whole game (a boot a ply made a long game minutes long), so
; ts-harness/lab/match/selfplay.ts can look through many games for a long one.  Not Liberman's.

        section .bss

selfplay_plies  resw 1              ; plies the job has played

        section .data

word_ply        db " ply ", 0
word_selfplay   db " selfplay ", 0
word_plies      db "plies", 0

        section .text

        ERROR_ENTRY err_selfplay_mate, "arg", "mate is a limit of go alone"

; job_selfplay -- `selfplay N [limits]`: the engine against itself from the position
;                 job's position, for at most N plies, each move within the limits
;                 (go's limit words but `mate`; no limit: go's default budget a move)
; IN:  SI -> the limit words; [job_arg] = N, 1 .. MAX_GAME_PLIES
; OUT: a line a ply, `<n> ply <k> <uci> score cp <x>|mate <m> depth <d> nodes <N>
;      [limit <why>]`, on disk at once (job_commit); then `<n> selfplay <plies> <why>
;      ticks <t> tsc <i>`, <why> the status word of the game's end (status_words),
;      `plies` when N plies are played and the game goes on, or `key` when a key
;      stopped the thinking (the move found is played, then the job stops)
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
job_selfplay:
        call job_think_start
        jc job_error_at
        mov bx, LW_MATE
        call job_limit
        mov si, err_selfplay_mate
        jc job_error
        mov word [selfplay_plies], 0
.ply:   movzx bx, byte [engine_status]
        cmp bl, STATUS_OVER
        jae .over
        mov si, word_plies
        mov ax, [selfplay_plies]
        cmp ax, [job_arg]
        jae .end
        call job_limits_apply       ; again each move: the clock words are the side's
        call job_mate_level
        call engine_forget          ; each move as the `best` job would play it
        call engine_think           ; the game goes on, so there is a move
        push eax
        inc word [selfplay_plies]
        call job_line_start
        mov si, word_ply
        call out_string
        movzx eax, word [selfplay_plies]
        call out_u32
        call out_space
        pop eax
        call engine_print_move
        push eax
        call job_search_words
        call job_limit_end
        call out_crlf
        call job_commit
        pop eax
        call engine_play            ; one of the legal moves: it is played
        mov si, word_lw_key
        cmp byte [clock_abort], LIMIT_KEY
        jne .ply
        jmp .end
.over:  add bx, bx
        mov si, [status_words + bx]
.end:   push si
        call timer_stop
        call job_line_start
        mov si, word_selfplay
        call out_string
        movzx eax, word [selfplay_plies]
        call out_u32
        call out_space
        pop si
        call out_string
        mov byte [clock_abort], LIMIT_NONE ; each move's limit is on its own line
        jmp job_timing_end
