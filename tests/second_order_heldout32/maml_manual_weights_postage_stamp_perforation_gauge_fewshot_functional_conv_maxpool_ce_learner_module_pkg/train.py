import torch

from learner import init_weights
from maml import MAML

N_WAY, K_SHOT, Q = 3, 2, 4


def stamp_task():
    protos = torch.randn(N_WAY, 1, 8, 8)
    def draw(k):
        x = protos.repeat_interleave(k, 0) + 0.3 * torch.randn(N_WAY * k, 1, 8, 8)
        return x, torch.arange(N_WAY).repeat_interleave(k)
    return (*draw(K_SHOT), *draw(Q))


def main(meta_steps=3, batch=2):
    torch.manual_seed(0)
    weights = init_weights(N_WAY)
    maml = MAML(weights, inner_lr=0.2, inner_steps=2)
    opt = torch.optim.Adam(weights.values(), lr=1e-3)
    for step in range(meta_steps):
        loss = sum(maml.outer_loss(stamp_task()) for _ in range(batch)) / batch
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
