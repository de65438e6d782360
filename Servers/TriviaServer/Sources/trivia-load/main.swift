import ArgumentParser
import TriviaWebSocketClient
print("x")
