"""gunicorn's settings for Tallone (`make serve`, and the service file in docs/DEPLOY.md).

Every value can be changed from the environment without editing this file.
"""

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
# Two workers per core is gunicorn's own advice for sync workers; a club server has 1 or 2 cores.
workers = int(os.environ.get("WEB_CONCURRENCY", 2))
# Keep 1 (sync workers) behind nginx: threads of one worker take turns at Python's global lock,
# which doubled the slowest answers under load (docs/PERFORMANCE.md).
threads = int(os.environ.get("GUNICORN_THREADS", 1))
worker_class = "gthread" if threads > 1 else "sync"
# A PDF of a long tournament is the slowest request: well under 30 s.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 20
# Recycle workers now and then (a guard against slow leaks; a new worker costs ~2 s of CPU),
# jittered so they never restart together.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 20000))
max_requests_jitter = max_requests // 10
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = "-"
# nginx on the same machine is the only proxy trusted for X-Forwarded-* headers.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
wsgi_app = "config.wsgi:application"
# systemd reloads and stops gunicorn with signals; the control socket (gunicorn 25.1+, for
# `gunicornc`) would be one path per user in ~/.gunicorn, shared by every gunicorn of that user.
control_socket_disable = True
