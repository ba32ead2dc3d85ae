import torch

from hyper import EPOCHS
from learner import FlareNet, fast_weights


def run():
    torch.manual_seed(0)
    net = FlareNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for _ in range(EPOCHS):
        x, y = torch.randn(8, 6), torch.randn(8, 1)
        adapted = fast_weights(net, x, y)
        opt.zero_grad()
        for p, w in zip(net.parameters(), adapted):
            p.grad = (p - w).detach()  # Reptile: move towards the adapted weights, no meta-gradient
        opt.step()


if __name__ == "__main__":
    run()
