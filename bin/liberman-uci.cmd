@echo off
rem liberman-uci -- the UCI engine on Windows (see liberman-uci.mjs beside it).
node "%~dp0liberman-uci.mjs" %*
