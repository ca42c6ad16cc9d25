; settings.asm -- the player's settings kept from one game to the next in CHESS.CFG, a
; line of words: `think 1 sound 0` (the thinking shown, the sounds on).  Read at the
; start when the file is there, written when a setting changes.  A word it does not
; know, or a setting without its 0 or 1, is passed over.
; New: not in Liberman's texts.

        section .data

settings_name   db "CHESS.CFG", 0
word_set_think  db "think", 0
word_set_sound  db "sound", 0
SETTINGS_BYTES  equ 32              ; more than the file holds
SETTING_ROW     equ 4               ; a row of settings_words: two words

; settings_words -- each setting: its word, then the byte it sets
settings_words:
        dw word_set_think, think_shown
        dw word_set_sound, sound_on
        dw 0

        section .bss

; settings_buf (SETTINGS_BYTES + 1) lies in mode_work, with game.asm's other fields there

        section .text

; settings_load -- the settings of CHESS.CFG, if it can be read
; IN:  the file, or none
; OUT: [think_shown], [sound_on] as it says
; CHG: EAX, BX, CX, DX, SI, DI
settings_load:
        mov dx, settings_name
        mov ax, (DOS_OPEN << 8) | OPEN_READ
        int DOS
        jc .done
        mov bx, ax
        mov ah, DOS_READ
        mov cx, SETTINGS_BYTES
        mov dx, settings_buf
        int DOS
        jnc .read
        xor ax, ax
.read:  mov si, ax
        mov byte [settings_buf + si], 0
        mov ah, DOS_CLOSE
        int DOS
        mov si, settings_buf
.word:  call text_skip_space
        cmp byte [si], 0
        je .done
        mov di, settings_words
.try:   mov bx, [di]
        test bx, bx
        jz .skip
        call text_match_word
        jnc .found
        add di, SETTING_ROW
        jmp .try
.found: call text_skip_space
        mov al, [si]
        sub al, '0'
        cmp al, 1
        ja .skip                    ; not 0 or 1: passed over
        mov bx, [di + 2]
        mov [bx], al
.skip:  mov al, [si]                ; on to the next word
        call text_end_of_word
        je .word
        inc si
        jmp .skip
.done:  ret

; settings_save -- write CHESS.CFG with the settings as they are now
; IN:  [think_shown], [sound_on]
; OUT: the file written (a disk that refuses it keeps the old one: nothing is said)
; CHG: EAX, BX, CX, DX, SI, DI
settings_save:
        mov dx, settings_name
        call file_create
        jc .done
        mov di, settings_words
.setting:
        mov si, [di]
        test si, si
        jz .close
        call out_string
        call out_space
        mov bx, [di + 2]
        movzx eax, byte [bx]
        call out_u32
        call out_space
        add di, SETTING_ROW
        jmp .setting
.close: call out_crlf
        call file_close
.done:  ret
