import torch

from meta import inner_adapt, query_loss
from models import DefectEncoder


def main(iters=2, tasks=2):
    model = DefectEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(iters):
        opt.zero_grad()
        for _ in range(tasks):
            xs, ys = torch.randn(10, 1, 8, 8), torch.arange(5).repeat(2)
            xq, yq = torch.randn(10, 1, 8, 8), torch.arange(5).repeat(2)
            fast = inner_adapt(model, xs, ys, steps=2, create_graph=False)
            (query_loss(model, fast, xq, yq) / tasks).backward()
        opt.step()


if __name__ == "__main__":
    main()
