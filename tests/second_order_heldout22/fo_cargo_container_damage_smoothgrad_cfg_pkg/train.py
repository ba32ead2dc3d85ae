from types import SimpleNamespace

import torch
import torch.nn.functional as F

from explain import input_grad_norm, smoothgrad
from models import BACKBONES

cfg = SimpleNamespace(backbone="tiny", lr=1e-3, clip=2.0, saliency_graph=False, steps=2)


def main():
    net = BACKBONES[cfg.backbone]()
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, y = torch.rand(4, 3, 16, 16), torch.randint(0, 4, (4,))
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), cfg.clip)
        opt.step()
        print("input-grad norm", input_grad_norm(net, x, y, F.cross_entropy))
    net.eval()
    with torch.no_grad():
        acc = (net(x).argmax(1) == y).float().mean().item()
    sal = smoothgrad(net, x, y, create_graph=cfg.saliency_graph)
    print(loss.item(), acc, sal.abs().mean().item())


if __name__ == "__main__":
    main()
