"""Meta-train a race scorer that adapts to a new racecourse from a handful of races."""
import torch

from config import Config
from meta import FOMAML
from model import build_scorer, race_log_likelihood


def course_sampler(cfg, gen):
    course_w = [torch.randn(cfg.n_features, generator=gen) for _ in range(cfg.n_courses)]

    def sample(course, races):
        x = torch.randn(races, cfg.runners, cfg.n_features, generator=gen)
        strength = x @ course_w[course] + 0.5 * torch.randn(races, cfg.runners, generator=gen)
        return x, strength.argmax(dim=1)
    return sample


def main(cfg=Config()):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    sample = course_sampler(cfg, gen)
    scorer = build_scorer(cfg.n_features, cfg.scorer.layers)
    learner = FOMAML(scorer, cfg.meta)
    opt = torch.optim.Adam(scorer.parameters(), lr=cfg.lr)
    for it in range(cfg.iterations):
        opt.zero_grad()
        meta_loss = 0.0
        for course in torch.randint(0, cfg.n_courses, (cfg.meta.meta_batch,), generator=gen).tolist():
            xs, ws = sample(course, cfg.meta.races_per_task)
            xq, wq = sample(course, cfg.meta.races_per_task)
            fast = learner.adapt(xs, ws)
            loss = -race_log_likelihood(learner.scores(fast, xq), wq) / cfg.meta.meta_batch
            loss.backward()
            meta_loss += loss.item()
        opt.step()
        print(f"iter {it}: query NLL {meta_loss:.4f}")


if __name__ == "__main__":
    main()
