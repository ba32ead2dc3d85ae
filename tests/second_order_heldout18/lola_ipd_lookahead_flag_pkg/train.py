import torch

from lola import lookahead_loss
from models import MemoryOnePolicy


def run(iters=2):
    states = torch.eye(5)
    a1, a2 = MemoryOnePolicy(), MemoryOnePolicy()
    o1 = torch.optim.Adam(a1.parameters(), lr=0.05)
    o2 = torch.optim.Adam(a2.parameters(), lr=0.05)
    for it in range(iters):
        l1 = lookahead_loss(a1, a2, states, second_order=True)
        l2 = lookahead_loss(a2, a1, states, second_order=True)
        o1.zero_grad()
        o2.zero_grad()
        l1.backward(inputs=list(a1.parameters()))
        l2.backward(inputs=list(a2.parameters()))
        o1.step()
        o2.step()


if __name__ == "__main__":
    run()
