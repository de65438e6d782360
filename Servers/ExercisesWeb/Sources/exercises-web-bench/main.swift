// Filled in below (bench); a placeholder while the server is built.
print("exercises-web-bench")
