#!/bin/sh
# HTTPS when certificates are mounted in /etc/nginx/certs, plain HTTP otherwise.
set -eu
conf=/etc/nginx/atm
if [ -f /etc/nginx/certs/fullchain.pem ] && [ -f /etc/nginx/certs/privkey.pem ]; then
  cp "$conf/listen-https.conf" "$conf/listen.conf"
  echo "gateway: HTTPS on 443, port 80 redirects"
else
  cp "$conf/listen-http.conf" "$conf/listen.conf"
  echo "gateway: plain HTTP on 80 (mount fullchain.pem and privkey.pem in /etc/nginx/certs for HTTPS)"
fi
exec nginx -p /var/lib/nginx/atm/ -c "$conf/nginx.conf" -g 'daemon off; pid /run/nginx-gateway.pid;'
