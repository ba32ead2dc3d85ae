import torch
import torch.nn.functional as F

from config import MetaCfg
from losses import smoothed_ce
from meta import DifferentiableSGD, FunctionalModel
from models import StampNet


def sample_episode(cfg):
    protos = torch.rand(cfg.n_way, 1, cfg.img, cfg.img)

    def draw(k):
        x = protos.repeat_interleave(k, 0) + 0.15 * torch.randn(cfg.n_way * k, 1, cfg.img, cfg.img)
        return x, torch.arange(cfg.n_way).repeat_interleave(k)

    return draw(cfg.k_shot), draw(cfg.k_query)


def main():
    cfg = MetaCfg(norm="lrn", first_order=False)
    net = StampNet(cfg)
    fmodel = FunctionalModel(net)
    inner_opt = DifferentiableSGD(cfg.inner_lr, track_higher_grads=not cfg.first_order)
    meta_opt = torch.optim.Adam(net.parameters(), lr=cfg.meta_lr)
    for step in range(cfg.meta_steps):
        meta_opt.zero_grad()
        for _ in range(cfg.meta_batch):
            (xs, ys), (xq, yq) = sample_episode(cfg)
            params = fmodel.initial_params()
            for _ in range(cfg.inner_steps):
                params = inner_opt.step(smoothed_ce(fmodel(xs, params), ys, cfg.label_smoothing), params)
            q_loss = F.cross_entropy(fmodel(xq, params), yq)
            (q_loss / cfg.meta_batch).backward()
        meta_opt.step()
        print(step, q_loss.item())


if __name__ == "__main__":
    main()
