; sound.asm -- the game's sounds on the PC speaker (speaker.asm): a short click for a
; move, two tones for a check, a figure for a mate and any other end of the game; Z
; switches them off and on (/quiet starts without them).
; New: Liberman's game was silent.

        section .data

; The tunes: speaker_note rows (a PIT divisor, BIOS ticks), a 0 divisor at the end.
%macro TUNE_NOTE 2
        dw PIT_HZ / %1
        db %2
%endmacro
tune_move:
        TUNE_NOTE 1800, 1           ; a click
        dw 0
tune_check:
        TUNE_NOTE 880, 2
        TUNE_NOTE 660, 2
        dw 0
tune_over:                          ; a falling figure: G E C, and the low C held
        TUNE_NOTE 784, 3
        TUNE_NOTE 659, 3
        TUNE_NOTE 523, 3
        TUNE_NOTE 262, 6
        dw 0

sound_on        db 1                ; Z: the game's sounds on
msg_sound_on    db "Sound on", 0
msg_sound_off   db "Sound off", 0
log_sound       db "sound ", 0

        section .text

; sound_move -- the sound of a move just made: the figure when it ended the game, two
;               tones for a check, else the click
; IN:  [engine_status], [sound_on]
; OUT: the tune begun (nothing with the sound off)
; CHG: nothing
sound_move:
        cmp byte [sound_on], 0
        je .done
        push si
        mov si, tune_over
        cmp byte [engine_status], STATUS_OVER
        jae .play
        mov si, tune_check
        cmp byte [engine_status], STATUS_CHECK
        je .play
        mov si, tune_move
.play:  call speaker_play
        pop si
.done:  ret

; sound_toggle -- Z: the sounds off or on (the panel says which; the settings keep it)
sound_toggle:
        xor byte [sound_on], 1
        mov word [message], msg_sound_on
        jnz .said
        call speaker_stop
        mov word [message], msg_sound_off
.said:  call settings_save
        jmp screen_refresh

; sound_tick -- clock.asm's clock_tick_hook in the game: at each BIOS tick of a search
;               the chess clocks (chessclock_thinking) and the tune sounding move on
; IN:  the clocks, the tune
; OUT: as chessclock_thinking and speaker_update
; CHG: nothing
sound_tick:
        call chessclock_thinking
        jmp speaker_update

; sound_log -- the game log's line: `sound <on> <notes> <divisor> <gate>`, the sounds on
;              (1) or off, the notes sent to the PIT's channel 2 so far, the last one's
;              divisor, and port 61h's speaker bits read back as it began (3: sounding)
; IN:  [sound_on]; speaker.asm's counts; [out_handle]
; OUT: the line written
; CHG: EAX, SI
sound_log:
        mov si, log_sound
        call out_string
        movzx eax, byte [sound_on]
        call out_u32
        call out_space
        mov eax, [speaker_tones]
        call out_u32
        call out_space
        movzx eax, word [speaker_divisor]
        call out_u32
        call out_space
        movzx eax, byte [speaker_gate]
        call out_u32
        jmp out_crlf
