; settings.asm -- the player's settings kept from one game to the next in CHESS.CFG, a
; line of words: `think 1 sound 0` (the thinking shown, the sounds on).  Read at the
; start when the file is there, written when a setting changes.  A word it does not
; know, or a setting without a digit it may take (0 or 1 here), is passed over.  The
; reader and the writer take any table of settings (keep.asm's KEEP.CFG is another).
; New: not in Liberman's texts.

        section .data

settings_name   db "CHESS.CFG", 0
word_set_think  db "think", 0
word_set_sound  db "sound", 0
SETTINGS_BYTES  equ 32              ; more than the file holds
struc setting_row                    ; a row of a settings table
        .word           resw 1      ; -> its word, 0-terminated
        .byte           resw 1      ; -> the byte it sets
        .most           resb 1      ; the largest digit it takes
endstruc

; settings_words -- each setting of CHESS.CFG: its word, the byte it sets, its largest
; value; a 0 word ends the table
settings_words:
        dw word_set_think, think_shown
        db 1
        dw word_set_sound, sound_on
        db 1
        dw 0

        section .bss

; settings_buf (SETTINGS_BYTES + 1) lies in mode_work, with game.asm's other fields there

        section .text

; settings_load -- the settings of CHESS.CFG, if it can be read
; IN:  the file, or none
; OUT: [think_shown], [sound_on] as it says
; CHG: EAX, BX, CX, DX, SI, DI, BP
settings_load:
        mov dx, settings_name
        mov bp, settings_words
        ; fall through

; settings_read -- the settings a file of words sets, if it can be read
; IN:  DX -> the file name; BP -> its settings table (setting_row rows)
; OUT: the bytes of the settings it names, each a digit up to its row's most
; CHG: EAX, BX, CX, DX, SI, DI
settings_read:
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
        mov di, bp
.try:   mov bx, [di + setting_row.word]
        test bx, bx
        jz .skip
        call text_match_word
        jnc .found
        add di, setting_row_size
        jmp .try
.found: call text_skip_space
        mov al, [si]
        sub al, '0'
        cmp al, [di + setting_row.most]
        ja .skip                    ; not a digit it takes: passed over
        mov bx, [di + setting_row.byte]
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
; CHG: EAX, BX, CX, DX, SI, DI, BP
settings_save:
        mov dx, settings_name
        mov bp, settings_words
        ; fall through

; settings_write -- write a file of words with the settings of a table as they are now
; IN:  DX -> the file name; BP -> its settings table
; OUT: the file written (a disk that refuses it keeps the old one: nothing is said)
; CHG: EAX, BX, CX, DX, SI, DI
settings_write:
        call file_create
        jc .done
        mov di, bp
.setting:
        mov si, [di + setting_row.word]
        test si, si
        jz .close
        call out_string
        call out_space
        mov bx, [di + setting_row.byte]
        movzx eax, byte [bx]
        call out_u32
        call out_space
        add di, setting_row_size
        jmp .setting
.close: call out_crlf
        call file_close
.done:  ret
