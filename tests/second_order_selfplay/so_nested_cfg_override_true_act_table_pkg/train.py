import torch
import torch.nn.functional as F
from torch.func import functional_call

from config import CONFIG
from models import GearboxNet


def vibration_task(ways, shots, length=40):
    y = torch.arange(ways).repeat_interleave(shots)
    t = torch.linspace(0, 1, length)
    base = torch.sin(2 * 3.1416 * (5 + 3 * y[:, None].float()) * t)
    x = torch.stack([base, base.roll(3, -1)], 1) + 0.05 * torch.randn(len(y), 2, length)
    return x, y


def main():
    meta = CONFIG["meta"]
    net = GearboxNet(CONFIG)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(2):
        xs, ys = vibration_task(meta["ways"], meta["shots"])
        xq, yq = vibration_task(meta["ways"], meta["shots"])
        params = dict(net.named_parameters())
        support = F.cross_entropy(functional_call(net, params, (xs,)), ys)
        grads = torch.autograd.grad(support, list(params.values()), create_graph=CONFIG["meta"]["second_order"])
        fast = {k: p - meta["inner_lr"] * g for (k, p), g in zip(params.items(), grads)}
        query = F.nll_loss(F.log_softmax(functional_call(net, fast, (xq,)), -1), yq)
        opt.zero_grad()
        query.backward()
        opt.step()
        print(it, query.item())


if __name__ == "__main__":
    main()
