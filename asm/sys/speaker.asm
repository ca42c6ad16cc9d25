; speaker.asm -- tunes on the PC speaker that never wait: a tune is a list of notes, the
; PIT's channel 2 sounds each one (port 61h lets it through to the speaker), and
; speaker_update, called as often as the front end likes (its main loop, the search's
; BIOS ticks), moves on to the next note once a note's ticks are over.
; New: Liberman's game was silent.

        section .bss

speaker_at      resw 1              ; -> the note sounding (a speaker_note), or 0: silence
speaker_since   resd 1              ; the BIOS tick it began
speaker_tones   resd 1              ; notes sent to the PIT since the start (the game log)
speaker_divisor resw 1              ; the last one's PIT divisor
speaker_gate    resb 1              ; port 61h's speaker bits read back after it

        section .text

; speaker_play -- begin a tune (the one sounding stops)
; IN:  SI -> the tune: speaker_note records, ended by a divisor of 0
; OUT: its first note sounding; [speaker_at], [speaker_since]
; CHG: nothing
speaker_play:
        push eax
        mov [speaker_at], si
        call speaker_start_note
        pop eax
        ret

; speaker_start_note -- sound the note at [speaker_at], or fall silent at the tune's end
; IN:  [speaker_at]
; OUT: the PIT and port 61h set; [speaker_since]; [speaker_at] = 0 at the end
; CHG: EAX
speaker_start_note:
        push bx
        mov bx, [speaker_at]
        mov ax, [bx + speaker_note.divisor]
        test ax, ax
        jz .end
        call speaker_tone
        call timer_ticks
        mov [speaker_since], eax
        pop bx
        ret
.end:   mov word [speaker_at], 0
        call speaker_off
        pop bx
        ret

; speaker_update -- the next note when a note's ticks are over (never waits)
; IN:  [speaker_at], [speaker_since]
; OUT: the tune moved on, or silence after its last note
; CHG: nothing
speaker_update:
        cmp word [speaker_at], 0
        je .done
        push eax
        push bx
        call timer_ticks
        sub eax, [speaker_since]
        mov bx, [speaker_at]
        movzx ebx, byte [bx + speaker_note.ticks]
        cmp eax, ebx
        jb .on
        add word [speaker_at], speaker_note_size
        call speaker_start_note
.on:    pop bx
        pop eax
.done:  ret

; speaker_tone -- the speaker sounds a tone: channel 2 as a square wave of a divisor,
;                 gated through to the speaker
; IN:  AX = the PIT divisor (PIT_HZ / the frequency)
; OUT: the tone sounding; [speaker_tones] + 1, [speaker_divisor], [speaker_gate]
; CHG: AX
speaker_tone:
        mov [speaker_divisor], ax
        inc dword [speaker_tones]
        push ax
        mov al, PIT_CHANNEL_2_MODE_3
        out PIT_CONTROL, al
        pop ax
        out PIT_COUNTER_2, al
        mov al, ah
        out PIT_COUNTER_2, al
        in al, SPEAKER_PORT
        or al, SPEAKER_BITS
        out SPEAKER_PORT, al
        in al, SPEAKER_PORT
        and al, SPEAKER_BITS
        mov [speaker_gate], al
        ret

; speaker_off -- silence: the speaker cut off from channel 2
; IN:  nothing
; OUT: port 61h's speaker bits clear
; CHG: AL
speaker_off:
        in al, SPEAKER_PORT
        and al, ~SPEAKER_BITS & 0FFh
        out SPEAKER_PORT, al
        ret

; speaker_stop -- end the tune sounding, if any
; IN:  nothing
; OUT: silence; [speaker_at] = 0
; CHG: nothing
speaker_stop:
        push ax
        mov word [speaker_at], 0
        call speaker_off
        pop ax
        ret
