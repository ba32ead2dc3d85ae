import torch
import torch.nn.functional as F
from torch.func import functional_call

from config import cfg
from meta import adapt_first_order, adapt_second_order
from models import ReefSpectraNet


def main():
    torch.manual_seed(0)
    model = ReefSpectraNet(cfg.model.bands, cfg.model.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for task in range(cfg.meta.tasks):
        xs, ys = torch.rand(6, cfg.model.bands), torch.rand(6, 1)
        xq, yq = torch.rand(6, cfg.model.bands), torch.rand(6, 1)
        if cfg.meta.mode in ("maml", "second_order"):
            fast = adapt_second_order(model, xs, ys, cfg.meta.inner_lr)
        else:
            fast = adapt_first_order(model, xs, ys, cfg.meta.inner_lr)
        q_loss = F.mse_loss(functional_call(model, fast, (xq,)), yq)
        opt.zero_grad()
        q_loss.backward()
        opt.step()
        print(task, float(q_loss))


if __name__ == "__main__":
    main()
