import logging
import math

import torch

from config import get_args
from curvature import hutchinson_trace, stage_loss
from model import EmbryoStageNet

log = logging.getLogger("zebrafish_stage")


def embryo_batch(args):
    y = torch.randint(0, args.stages, (args.batch,))
    agar = 0.8 + 0.05 * torch.randn(args.batch, 3, args.res, args.res)
    r = torch.linspace(-1, 1, args.res)
    seed = ((r.view(1, -1) ** 2 + r.view(-1, 1) ** 2) < 0.1).float()
    sprout = (r.view(-1, 1).abs() < 0.05).float() * (r.view(1, -1) > 0).float()
    img = agar - 0.5 * seed - 0.3 * sprout * (y.view(-1, 1, 1, 1) >= 2).float()
    return img, y


def main():
    args = get_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = EmbryoStageNet(args.stages, args.head_width)
    opt = torch.optim.SGD(model.parameters(), lr=args.base_lr, momentum=0.9)
    for epoch in range(args.epochs):
        x, y = embryo_batch(args)
        trace = hutchinson_trace(model, x, y, args.hutchinson_samples)
        assert trace != 0.0
        for group in opt.param_groups:
            group["lr"] = args.base_lr / (1.0 + math.log1p(max(trace, 0.0)))
        loss = stage_loss(model, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("epoch %d loss %.4f trace %.3f lr %.5f", epoch, loss.item(), trace, opt.param_groups[0]["lr"])


if __name__ == "__main__":
    main()
