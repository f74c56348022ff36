#!/bin/sh
# SPDX-License-Identifier: MIT
autoreconf -fi
