import torch
import torch.nn.functional as F
from torch.func import functional_call

from learner import MetaLearner
from models import KilnCurveNet
from settings import EXPERIMENT


def task_batch(ways, shots, length):
    y = torch.arange(ways).repeat_interleave(shots)
    t = torch.linspace(0, 1, length)
    x = torch.sin(6.0 * t * (1 + y[:, None].float())) + 0.1 * torch.randn(len(y), length)
    return x.unsqueeze(1), y


def main():
    data, mcfg, meta_cfg = EXPERIMENT["data"], EXPERIMENT["model"], EXPERIMENT["meta"]
    net = KilnCurveNet(mcfg["width"], mcfg["groups"], data["ways"])
    learner = MetaLearner(net, meta_cfg["inner"]["lr"], meta_cfg["inner"]["steps"])
    opt = torch.optim.Adam(net.parameters(), lr=meta_cfg["outer"]["lr"])
    for it in range(2):
        opt.zero_grad()
        for _ in range(meta_cfg["outer"]["tasks"]):
            xs, ys = task_batch(data["ways"], data["shots"], data["length"])
            xq, yq = task_batch(data["ways"], data["shots"], data["length"])
            fast = learner.inner_loop(xs, ys, meta_cfg.get("second_order", True))
            F.cross_entropy(functional_call(net, fast, (xq,)), yq).backward()
        opt.step()
        print("iteration", it)


if __name__ == "__main__":
    main()
