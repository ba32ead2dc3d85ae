"""Settings for Meta Pseudo Labels on bouldering-route grading (V-scale bins) from hold-sequence features."""
from dataclasses import dataclass, field
from typing import List


@dataclass
class MPLConfig:
    n_features: int = 36          # hold types, spacing, wall angle, move lengths (summary statistics)
    n_grades: int = 6             # V0-1, V2-3, V4-5, V6-7, V8-9, V10+
    teacher_widths: List[int] = field(default_factory=lambda: [36, 64, 64])
    student_widths: List[int] = field(default_factory=lambda: [36, 48, 48])
    teacher_act: str = "hardswish"
    student_act: str = "elu"
    dropout: float = 0.1
    temperature: float = 0.7
    student_lr: float = 0.05      # the student's SGD step, differentiated through by the teacher
    teacher_lr: float = 1e-3
    uda_weight: float = 0.5
    labelled_batch: int = 8
    unlabelled_batch: int = 24
    steps: int = 3
    ema_decay: float = 0.99
