"""python train.py"""
import logging

import torch

import models
from config import resolve
from distill import jacobian_matching, kd_loss, saliency_agreement

log = logging.getLogger("abacus.kd")


def rod_crops(n, gen):
    digits = torch.randint(0, 10, (n,), generator=gen)
    img = 0.05 * torch.rand(n, 1, 16, 16, generator=gen)
    for i, d in enumerate(digits.tolist()):
        upper = 1 if d >= 5 else 0
        lower = d % 5
        img[i, 0, 1:4, 6:10] += float(upper)
        for b in range(lower):
            img[i, 0, 6 + 2 * b:7 + 2 * b, 6:10] += 1.0
    return img.clamp(0, 1), digits


def build(cfg, role):
    return getattr(models, cfg[f"{role}_arch"])(**cfg[f"{role}_kwargs"])


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = resolve()
    gen = torch.Generator().manual_seed(9)
    x_all, y_all = rod_crops(192, gen)
    teacher, student = build(cfg, "teacher"), build(cfg, "student")
    teacher.eval()
    opt = torch.optim.Adam(student.parameters(), lr=cfg["lr"])
    log.info("student %s %s, jacobian_weight=%.1f", cfg["student_arch"], cfg["student_kwargs"], cfg["jacobian_weight"])
    for step in range(cfg["steps"]):
        idx = torch.randint(0, 192, (cfg["batch"],), generator=gen)
        x, y = x_all[idx], y_all[idx]
        with torch.no_grad():
            t_logits = teacher(x)
        loss = kd_loss(student(x), t_logits, y, cfg["temperature"], cfg["kd_weight"])
        if cfg["jacobian_weight"] > 0:
            loss = loss + cfg["jacobian_weight"] * jacobian_matching(student, teacher, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d loss %.4f saliency-cos %.3f", step, loss.item(), saliency_agreement(student, teacher, x))


if __name__ == "__main__":
    main()
