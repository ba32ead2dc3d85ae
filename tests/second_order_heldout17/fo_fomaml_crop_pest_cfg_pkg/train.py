import torch

from config import LearnerConfig
from learner import MetaLearner
from models import PestNet


def episode(cfg):
    n = cfg.n_way * cfg.k_shot
    return (torch.randn(n, 3, 12, 12), torch.arange(cfg.n_way).repeat(cfg.k_shot),
            torch.randn(n, 3, 12, 12), torch.arange(cfg.n_way).repeat(cfg.k_shot))


def main():
    cfg = LearnerConfig(first_order=True, act="prelu")
    net = PestNet(cfg.act, cfg.n_way)
    learner = MetaLearner(net, cfg)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(2):
        xs, ys, xq, yq = episode(cfg)
        fast = learner.adapt(xs, ys)
        loss = learner.query_loss(fast, xq, yq)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())


if __name__ == "__main__":
    main()
