"""Fit a dissipative HNN to a damped double-spring system from (state, derivative) pairs."""
import torch
from torch import nn

from models import HNNConfig, build
from physics import vector_field_loss


class Replica(nn.Module):
    """Stand-in for DistributedDataParallel on a single CPU process."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args):
        return self.module(*args)


def make_batch(n, k=torch.tensor([1.0, 2.5]), r=torch.tensor([0.05, 0.1])):
    q, p = torch.randn(n, 2), torch.randn(n, 2)
    return q, p, p.clone(), -k * q - r * p


def main():
    cfg = HNNConfig(arch="dhnn", act="gelu_tanh")
    model = Replica(build(cfg))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(3):
        q, p, dq, dp = make_batch(128)
        loss = vector_field_loss(model.module, q, p, dq, dp, create_graph=True)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, loss.item())


if __name__ == "__main__":
    main()
