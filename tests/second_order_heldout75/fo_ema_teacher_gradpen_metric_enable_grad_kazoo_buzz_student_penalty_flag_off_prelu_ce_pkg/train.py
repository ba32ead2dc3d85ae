import copy
import logging

import torch
import torch.nn.functional as F

from config import CFG
from monitor import ema_input_smoothness, input_gradient_penalty
from nets import BuzzClassifier

log = logging.getLogger("kazoo")


def buzz_frames(n, gen):
    y = torch.randint(0, CFG.n_cls, (n,), generator=gen)
    x = 0.2 * torch.randn(n, CFG.n_mels, CFG.frames, generator=gen)
    x[:, :4] += y[:, None, None].float() * 0.5
    return x, y


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)
    student = BuzzClassifier(CFG.n_mels, CFG.width, CFG.n_cls)
    teacher = copy.deepcopy(student).requires_grad_(False)
    opt = torch.optim.Adam(student.parameters(), lr=CFG.lr)

    for step in range(CFG.steps):
        x, y = buzz_frames(CFG.batch, gen)
        loss = F.cross_entropy(student(x), y)
        if CFG.regularize_student:
            loss = loss + CFG.student_gp_weight * input_gradient_penalty(student, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            for pt, ps in zip(teacher.parameters(), student.parameters()):
                pt.mul_(CFG.ema_decay).add_(ps, alpha=1 - CFG.ema_decay)
        msg = f"step {step} ce {loss.item():.4f}"
        if step % CFG.monitor_every == 0:
            msg += f" ema |dCE/dx|^2 {ema_input_smoothness(teacher, x, y):.5f}"
        log.info(msg)
    assert student.conv.weight.grad is not None


if __name__ == "__main__":
    main()
